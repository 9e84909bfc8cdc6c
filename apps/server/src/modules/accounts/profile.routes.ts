import {
  safeChangePasswordRoute,
  safeEmailRoute,
  safeMobileRoute,
  safeUpdatePasswordRoute,
  userEditNicknameRoute,
  userInfoRoute,
  userInviteRoute,
  userTimezoneRoute,
  userTimezoneUpdateRoute,
  userUploadHeadPortraitRoute,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../platform/http/contract-route';
import { requiredUserId } from '../../platform/http/route-policy';
import { confirmation } from './accounts.routes';
import type { AccountsService } from './accounts.service';
import type { ProfileService } from './profile.service';

const tags = ['accounts'];

/** The signed-in user's own data, passwords, bound addresses, profile and time zone. */
export function profileRoutes(services: {
  accounts: AccountsService;
  profile: ProfileService;
}): FastifyPluginAsyncZod {
  const { accounts, profile } = services;
  return async (app) => {
    const route = contractRoutes(app, { tags });
    route.get(
      userInfoRoute,
      { summary: 'The signed-in user (never a password hash)' },
      async (request) => await profile.info(requiredUserId(request)),
    );

    route.get(
      userInviteRoute,
      {
        summary:
          'Invitation code, people invited, invitees who traded (a trading entry in their bill), rebate',
      },
      async (request) => await profile.invite(requiredUserId(request)),
    );

    route.post(
      safeChangePasswordRoute,
      { summary: 'Change the login password; every session ends (session:ended password_changed)' },
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

    route.post(
      safeUpdatePasswordRoute,
      { summary: 'Set or change the payment password with a security code sent to a bound address' },
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

    route.post(
      safeMobileRoute,
      { summary: 'Bind a phone number with a bind code from /sms_send' },
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

    route.post(
      safeEmailRoute,
      { summary: 'Bind an e-mail with a bind code from /sms_mail (scene=bind)' },
      async (request) => {
        await accounts.bindEmail({
          userId: requiredUserId(request),
          email: request.body.email,
          code: request.body.code,
        });
        return confirmation(request, 'email_bound');
      },
    );

    route.post(
      userUploadHeadPortraitRoute,
      { summary: 'Use an image this user uploaded (POST /upload) as the avatar' },
      async (request) => {
        await profile.setAvatar(requiredUserId(request), request.body.head_portrait);
        return confirmation(request, 'avatar_saved');
      },
    );

    route.post(
      userEditNicknameRoute,
      { summary: 'Nickname (2-10) and/or signature (2-30): Chinese, English letters and digits only' },
      async (request) => {
        await profile.editProfile(requiredUserId(request), request.body);
        return confirmation(request, 'profile_saved');
      },
    );

    route.get(
      userTimezoneRoute,
      { summary: 'The user’s time zone; null when unset (America/New_York counts as unset)' },
      async (request) => await profile.timezone(requiredUserId(request)),
    );

    route.post(
      userTimezoneUpdateRoute,
      { summary: 'Choose the user’s time zone (an IANA name from /timezone/list)' },
      async (request) => await profile.updateTimezone(requiredUserId(request), request.body.timezone),
    );
  };
}
