import {
  type CodePurpose,
  smsMailRoute,
  smsSendRoute,
  userCheckEmailRoute,
  userForgetRoute,
  userLoginRoute,
  userLogoutRoute,
  userRegisterRoute,
} from '@fairex/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../platform/http/contract-route';
import { presentedToken, signedInUserId } from '../../platform/http/route-policy';
import { translate } from '../../platform/i18n/messages';
import { resolvePurpose } from './accounts.domain';
import { type AccountsConfirmation, accountsConfirmationKeys } from './accounts.errors';
import type { AccountsService } from './accounts.service';
import { type CodeService, type CodeTarget, codeAddressOf } from './codes.service';
import { ensureVisitor } from './demo-visitor';

const tags = ['accounts'];

export function confirmation(request: FastifyRequest, outcome: AccountsConfirmation) {
  return translate(request.locale, accountsConfirmationKeys[outcome]);
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
    const route = contractRoutes(app, { tags });
    route.post(
      smsMailRoute,
      {
        summary: 'E-mail a 6-digit code for register, forget, bind, withdraw or security',
        description:
          'The purpose is `scene`, else `type`, else `bind` with a session and `register` without. ' +
          'Codes are valid 10 minutes, once, for this address and purpose, and die after 5 wrong ' +
          'tries. At most one a minute and 10 a day per address, 20 an hour per client. A register ' +
          'code to an address that has an account, or a forget code to one that has none, gets ' +
          'the same reply but is not sent. bind/withdraw/security need a session (999 without).',
      },
      (request, reply) =>
        sendCode(
          request,
          reply,
          { channel: 'email', address: request.body.user_string, areaCode: null },
          request.body,
        ),
    );

    route.post(
      smsSendRoute,
      { summary: 'Text a 6-digit code to +area_code mobile; same rules as /sms_mail' },
      (request, reply) =>
        sendCode(
          request,
          reply,
          { channel: 'sms', address: request.body.mobile, areaCode: request.body.area_code },
          request.body,
        ),
    );

    route.post(
      userCheckEmailRoute,
      { summary: 'Is this code right for this e-mail or phone and purpose? A miss counts; a hit is kept' },
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

    route.post(
      userRegisterRoute,
      {
        summary: 'Create an account with a register code; replies the session token (signed in)',
        description:
          'type email: user_string is the e-mail; type mobile: the national number the SMS went to. ' +
          'The account name is that address; the nickname "user" and 4 digits. extension_code is an ' +
          'optional invitation code (an unknown one is refused). The code is used up in the same ' +
          'transaction as the insert: one code, one account.',
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
        return token;
      },
    );

    route.post(
      userLoginRoute,
      {
        summary: 'Sign in with account, e-mail or phone and password; replies the session token',
        description:
          'Unknown names and wrong passwords get the same reply in about the same time. After 5 ' +
          'failures in a row the name is locked for 15 minutes ("too many attempts"), known or not. ' +
          'stay=1 keeps the session 30 days instead of 1.',
      },
      async (request) => {
        const token = await accounts.login({
          userString: request.body.user_string,
          password: request.body.password,
          stayLoggedIn: request.body.stay ?? false,
          clientAddress: request.ip,
        });
        return token;
      },
    );

    route.get(
      userLogoutRoute,
      { summary: 'End this session; its sockets get session:ended {reason: logout} and are disconnected' },
      async (request) => {
        const token = presentedToken(request);
        if (token) await accounts.logout(token);
        return confirmation(request, 'logged_out');
      },
    );

    route.post(
      userForgetRoute,
      { summary: 'Reset the password with a forget code; every session of the user ends' },
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
