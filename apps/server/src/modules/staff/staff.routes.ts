import {
  adminAuthLoginRoute,
  adminAuthLogoutRoute,
  adminAuthMeRoute,
  adminStaffCreateRoute,
  adminStaffResetTotpRoute,
  adminStaffRoute,
  adminStaffUpdateRoute,
} from '@fairex/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import { platformErrors } from '../../platform/http/app-error';
import { contractRoutes } from '../../platform/http/contract-route';
import { presentedToken } from '../../platform/http/route-policy';
import { translate } from '../../platform/i18n/messages';
import { staffActorOf } from '../audit';
import { staffProfileOf } from './staff.domain';
import { staffConfirmationKeys } from './staff.errors';
import type { StaffService, TotpEnrolment } from './staff.service';

const authTags = ['staff: sign-in'];
const adminTags = ['staff: accounts'];
/** Any staff member, whatever their roles. */

function staffIdOf(request: FastifyRequest): number {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw platformErrors.forbidden();
  return principal.staffId;
}

/** The caller's own token; a staff policy has already resolved it, so it is present. */
function tokenOf(request: FastifyRequest): string {
  const token = presentedToken(request);
  if (!token) throw platformErrors.forbidden();
  return token;
}

/** Staff sign-in (password + TOTP), the session, and account management for admins. */
export function staffApiRoutes(deps: { staff: StaffService; clock: Clock }): FastifyPluginAsyncZod {
  const { staff, clock } = deps;
  const enrolmentReply = (enrolment: TotpEnrolment) => ({
    staff: staffProfileOf(enrolment.member, clock.now()),
    totp_secret: enrolment.secret,
    otpauth_uri: enrolment.uri,
  });

  return async (app) => {
    const adminRoute = contractRoutes(app, { tags: adminTags });
    const route = contractRoutes(app, { tags: authTags });
    route.post(
      adminAuthLoginRoute,
      {
        summary: 'Staff sign-in: e-mail, password and the 6-digit code of the authenticator app',
        description:
          'Replies a staff token valid 12 hours, sent in Authorization like a user token. Any wrong ' +
          'part (unknown e-mail, password, code, a code already used, a locked or disabled account) ' +
          'gets the same error. 5 wrong passwords or codes in a row lock the account 15 minutes.',
      },
      async (request) => {
        const session = await staff.login({
          ...request.body,
          clientAddress: request.ip,
          requestId: String(request.id),
        });
        return {
          token: session.token,
          expires_at: session.expiresAt.getTime(),
          staff: staffProfileOf(session.member, clock.now()),
        };
      },
    );

    route.post(adminAuthLogoutRoute, { summary: 'End this staff session' }, async (request) => {
      await staff.logout({ token: tokenOf(request), actor: staffActorOf(request) });
      return translate(request.locale, staffConfirmationKeys.logged_out);
    });

    route.get(adminAuthMeRoute, { summary: 'The signed-in staff member and their roles' }, async (request) =>
      staffProfileOf(await staff.me(staffIdOf(request)), clock.now()),
    );

    adminRoute.get(adminStaffRoute, { summary: 'Every staff account (admins only)' }, async () => {
      const now = clock.now();
      return { list: (await staff.list()).map((member) => staffProfileOf(member, now)) };
    });

    adminRoute.post(
      adminStaffCreateRoute,
      {
        summary: 'Create a staff account; replies its TOTP secret and otpauth:// URI, shown only now',
        description:
          'roles: one or more of admin, compliance, finance, content, support (a JSON array, ' +
          'repeated form fields or one comma-separated field). The password has 12 to 128 ' +
          'characters. The new member signs in with it and a code from the authenticator app ' +
          'given the secret (the URI is what a QR code carries).',
      },
      async (request) =>
        enrolmentReply(await staff.create({ ...request.body, actor: staffActorOf(request) })),
    );

    adminRoute.post(
      adminStaffUpdateRoute,
      {
        summary:
          'Change the roles, status (active, disabled) and/or linked customer account of a staff account',
        description:
          'Disabling ends the member’s sessions at once; setting `active` also lifts a lockout. ' +
          'An admin cannot remove their own admin role or disable themselves. `linked_user_id` ' +
          'names the customer account the member personally holds (0 or null removes it); they ' +
          'then cannot approve or reject that user’s deposits, withdrawals or verifications. A ' +
          'user is linked to at most one staff member.',
      },
      async (request) => {
        const member = await staff.update({
          actor: staffActorOf(request),
          id: request.body.id,
          roles: request.body.roles,
          status: request.body.status,
          linkedUserId: request.body.linked_user_id,
        });
        return staffProfileOf(member, clock.now());
      },
    );

    adminRoute.post(
      adminStaffResetTotpRoute,
      {
        summary: 'Give a staff account a new TOTP secret (lost authenticator); shown only now',
        description: 'The old secret stops working and the member’s sessions end (not the caller’s own).',
      },
      async (request) =>
        enrolmentReply(
          await staff.resetTotp({
            id: request.body.id,
            actor: staffActorOf(request),
            actorToken: tokenOf(request),
          }),
        ),
    );
  };
}
