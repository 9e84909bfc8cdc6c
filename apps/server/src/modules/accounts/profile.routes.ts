import {
  apiReply,
  bindEmailBodySchema,
  bindMobileBodySchema,
  changePasswordBodySchema,
  confirmationReplySchema,
  editProfileBodySchema,
  headPortraitBodySchema,
  inviteSummarySchema,
  payPasswordBodySchema,
  userInfoSchema,
  userTimezoneReplySchema,
  userTimezoneUpdateBodySchema,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/reply';
import { policies, requiredUserId } from '../../platform/http/route-policy';
import { confirmation } from './accounts.routes';
import type { AccountsService } from './accounts.service';
import type { ProfileService } from './profile.service';

const noParams = z.strictObject({});
const tags = ['accounts'];
const session = [{ session: [] }];
const userRoute = { policy: policies.user };

/** The signed-in user's own data, passwords, bound addresses, profile and time zone. */
export function profileRoutes(services: {
  accounts: AccountsService;
  profile: ProfileService;
}): FastifyPluginAsyncZod {
  const { accounts, profile } = services;
  return async (app) => {
    app.get(
      '/user/info',
      {
        config: userRoute,
        schema: {
          tags,
          summary: 'The signed-in user (never a password hash)',
          security: session,
          querystring: noParams,
          response: { 200: apiReply(userInfoSchema) },
        },
      },
      async (request) => ok(await profile.info(requiredUserId(request))),
    );

    app.get(
      '/user/invite',
      {
        config: userRoute,
        schema: {
          tags,
          summary:
            'Invitation code, people invited, invitees who traded (a trading entry in their bill), rebate',
          security: session,
          querystring: noParams,
          response: { 200: apiReply(inviteSummarySchema) },
        },
      },
      async (request) => ok(await profile.invite(requiredUserId(request))),
    );

    app.post(
      '/safe/change_password',
      {
        config: userRoute,
        schema: {
          tags,
          summary: 'Change the login password; every session ends (session:ended password_changed)',
          security: session,
          body: changePasswordBodySchema,
          response: { 200: apiReply(confirmationReplySchema) },
        },
      },
      async (request) => {
        const { body } = request;
        await accounts.changePassword({
          userId: requiredUserId(request),
          oldPassword: body.old_password,
          password: body.password,
          rePassword: body.re_password,
        });
        return confirmation(request, 'password_changed');
      },
    );

    app.post(
      '/safe/update_password',
      {
        config: userRoute,
        schema: {
          tags,
          summary: 'Set or change the payment password with a security code sent to a bound address',
          security: session,
          body: payPasswordBodySchema,
          response: { 200: apiReply(confirmationReplySchema) },
        },
      },
      async (request) => {
        const { body } = request;
        await accounts.setPayPassword({
          userId: requiredUserId(request),
          password: body.password,
          rePassword: body.re_password,
          code: body.code,
        });
        return confirmation(request, 'pay_password_saved');
      },
    );

    app.post(
      '/safe/mobile',
      {
        config: userRoute,
        schema: {
          tags,
          summary: 'Bind a phone number with a bind code from /sms_send',
          security: session,
          body: bindMobileBodySchema,
          response: { 200: apiReply(confirmationReplySchema) },
        },
      },
      async (request) => {
        const { body } = request;
        await accounts.bindMobile({
          userId: requiredUserId(request),
          mobile: body.mobile,
          areaCode: body.area_code,
          code: body.code,
        });
        return confirmation(request, 'mobile_bound');
      },
    );

    app.post(
      '/safe/email',
      {
        config: userRoute,
        schema: {
          tags,
          summary: 'Bind an e-mail with a bind code from /sms_mail (scene=bind)',
          security: session,
          body: bindEmailBodySchema,
          response: { 200: apiReply(confirmationReplySchema) },
        },
      },
      async (request) => {
        await accounts.bindEmail({
          userId: requiredUserId(request),
          email: request.body.email,
          code: request.body.code,
        });
        return confirmation(request, 'email_bound');
      },
    );

    app.post(
      '/user/uploadHeadPortrait',
      {
        config: userRoute,
        schema: {
          tags,
          summary: 'Use an image this user uploaded (POST /upload) as the avatar',
          security: session,
          body: headPortraitBodySchema,
          response: { 200: apiReply(confirmationReplySchema) },
        },
      },
      async (request) => {
        await profile.setAvatar(requiredUserId(request), request.body.head_portrait);
        return confirmation(request, 'avatar_saved');
      },
    );

    app.post(
      '/user/editNickname',
      {
        config: userRoute,
        schema: {
          tags,
          summary: 'Nickname (2-10) and/or signature (2-30): Chinese, English letters and digits only',
          security: session,
          body: editProfileBodySchema,
          response: { 200: apiReply(confirmationReplySchema) },
        },
      },
      async (request) => {
        await profile.editProfile(requiredUserId(request), request.body);
        return confirmation(request, 'profile_saved');
      },
    );

    app.get(
      '/user/timezone',
      {
        config: userRoute,
        schema: {
          tags,
          summary: 'The user’s time zone; null when unset (America/New_York counts as unset)',
          security: session,
          querystring: noParams,
          response: { 200: apiReply(userTimezoneReplySchema) },
        },
      },
      async (request) => ok(await profile.timezone(requiredUserId(request))),
    );

    app.post(
      '/user/timezone/update',
      {
        config: userRoute,
        schema: {
          tags,
          summary: 'Choose the user’s time zone (an IANA name from /timezone/list)',
          security: session,
          body: userTimezoneUpdateBodySchema,
          response: { 200: apiReply(userTimezoneReplySchema) },
        },
      },
      async (request) => ok(await profile.updateTimezone(requiredUserId(request), request.body.timezone)),
    );
  };
}
