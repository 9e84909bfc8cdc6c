import {
  apiReply,
  type CodePurpose,
  checkCodeBodySchema,
  confirmationReplySchema,
  forgetPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  sendEmailCodeBodySchema,
  sendSmsCodeBodySchema,
  tokenReplySchema,
} from '@fairex/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/reply';
import { policies, presentedToken, signedInUserId } from '../../platform/http/route-policy';
import { translate } from '../../platform/i18n/messages';
import { resolvePurpose } from './accounts.domain';
import { type AccountsConfirmation, accountsConfirmationKeys } from './accounts.errors';
import type { AccountsService } from './accounts.service';
import { type CodeService, type CodeTarget, codeAddressOf } from './codes.service';
import { ensureVisitor } from './demo-visitor';

const noParams = z.strictObject({});
const tags = ['accounts'];
const session = [{ session: [] }];

export function confirmation(request: FastifyRequest, outcome: AccountsConfirmation) {
  return ok(translate(request.locale, accountsConfirmationKeys[outcome]));
}

/** Codes, registration, login, logout and forgotten passwords. */
export function authRoutes(services: {
  accounts: AccountsService;
  codes: CodeService;
  /** Demo: codes go to the outbox, shown to the browser that asked (demo-visitor.ts). */
  demoOutbox: boolean;
}): FastifyPluginAsyncZod {
  const { accounts, codes } = services;

  /** POST /sms_mail and /sms_send differ only in where the code goes. */
  async function sendCode(
    request: FastifyRequest,
    reply: FastifyReply,
    target: CodeTarget,
    selector: { scene?: CodePurpose | undefined; type?: CodePurpose | undefined },
  ) {
    const userId = signedInUserId(request);
    await codes.send({
      target,
      purpose: resolvePurpose({ scene: selector.scene, type: selector.type, signedIn: userId !== null }),
      userId,
      requester: request.ip,
      locale: request.locale,
      viewer: services.demoOutbox ? ensureVisitor(request, reply) : null,
    });
    return confirmation(request, 'code_sent');
  }

  return async (app) => {
    app.post(
      '/sms_mail',
      {
        config: { policy: policies.public },
        schema: {
          tags,
          summary: 'E-mail a 6-digit code for register, forget, bind, withdraw or security',
          description:
            'The purpose is `scene`, else `type`, else `bind` with a session and `register` without. ' +
            'Codes are valid 10 minutes, once, for this address and purpose, and die after 5 wrong ' +
            'tries. At most one a minute and 10 a day per address, 20 an hour per client. A register ' +
            'code to an address that has an account, or a forget code to one that has none, gets ' +
            'the same reply but is not sent. bind/withdraw/security need a session (999 without).',
          body: sendEmailCodeBodySchema,
          response: { 200: apiReply(confirmationReplySchema) },
        },
      },
      (request, reply) =>
        sendCode(
          request,
          reply,
          { channel: 'email', address: request.body.user_string, areaCode: null },
          request.body,
        ),
    );

    app.post(
      '/sms_send',
      {
        config: { policy: policies.public },
        schema: {
          tags,
          summary: 'Text a 6-digit code to +area_code mobile; same rules as /sms_mail',
          body: sendSmsCodeBodySchema,
          response: { 200: apiReply(confirmationReplySchema) },
        },
      },
      (request, reply) =>
        sendCode(
          request,
          reply,
          { channel: 'sms', address: request.body.mobile, areaCode: request.body.area_code },
          request.body,
        ),
    );

    app.post(
      '/user/check_email',
      {
        config: { policy: policies.public },
        schema: {
          tags,
          summary: 'Is this code right for this e-mail or phone and purpose? A miss counts; a hit is kept',
          body: checkCodeBodySchema,
          response: { 200: apiReply(confirmationReplySchema) },
        },
      },
      async (request) => {
        const { body } = request;
        await codes.check({
          ...codeAddressOf(body.user_string),
          purpose: resolvePurpose({
            scene: body.scene,
            type: body.type,
            signedIn: signedInUserId(request) !== null,
          }),
          code: body.email_code,
        });
        return confirmation(request, 'code_valid');
      },
    );

    app.post(
      '/user/register',
      {
        config: { policy: policies.public },
        schema: {
          tags,
          summary: 'Create an account with a register code; replies the session token (signed in)',
          description:
            'type email: user_string is the e-mail; type mobile: the national number the SMS went to. ' +
            'The account name is that address; the nickname "user" and 4 digits. extension_code is an ' +
            'optional invitation code (an unknown one is refused). The code is used up in the same ' +
            'transaction as the insert: one code, one account.',
          body: registerBodySchema,
          response: { 200: apiReply(tokenReplySchema) },
        },
      },
      async (request) => {
        const { body } = request;
        const token = await accounts.register({
          userString: body.user_string,
          type: body.type,
          code: body.code,
          password: body.password,
          rePassword: body.re_password,
          invitationCode: body.extension_code,
          clientAddress: request.ip,
        });
        return ok(token);
      },
    );

    app.post(
      '/user/login',
      {
        config: { policy: policies.public },
        schema: {
          tags,
          summary: 'Sign in with account, e-mail or phone and password; replies the session token',
          description:
            'Unknown names and wrong passwords get the same reply in about the same time. After 5 ' +
            'failures in a row the name is locked for 15 minutes ("too many attempts"), known or not. ' +
            'stay=1 keeps the session 30 days instead of 1.',
          body: loginBodySchema,
          response: { 200: apiReply(tokenReplySchema) },
        },
      },
      async (request) => {
        const token = await accounts.login({
          userString: request.body.user_string,
          password: request.body.password,
          stayLoggedIn: request.body.stay ?? false,
          clientAddress: request.ip,
        });
        return ok(token);
      },
    );

    app.get(
      '/user/logout',
      {
        config: { policy: policies.user },
        schema: {
          tags,
          summary: 'End this session; its sockets get session:ended {reason: logout} and are disconnected',
          security: session,
          querystring: noParams,
          response: { 200: apiReply(confirmationReplySchema) },
        },
      },
      async (request) => {
        const token = presentedToken(request);
        if (token) await accounts.logout(token);
        return confirmation(request, 'logged_out');
      },
    );

    app.post(
      '/user/forget',
      {
        config: { policy: policies.public },
        schema: {
          tags,
          summary: 'Reset the password with a forget code; every session of the user ends',
          body: forgetPasswordBodySchema,
          response: { 200: apiReply(confirmationReplySchema) },
        },
      },
      async (request) => {
        const { body } = request;
        await accounts.resetPassword({
          account: body.account,
          password: body.password,
          rePassword: body.repassword,
          code: body.code,
        });
        return confirmation(request, 'password_reset');
      },
    );
  };
}
