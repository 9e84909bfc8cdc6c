import {
  adminAuthLoginRoute,
  apiReply,
  staffCreateBodySchema,
  staffListReplySchema,
  staffProfileSchema,
  staffResetTotpBodySchema,
  staffTotpEnrolmentSchema,
  staffUpdateBodySchema,
} from '@fairex/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import { platformErrors } from '../../platform/http/app-error';
import { contractRoutes } from '../../platform/http/contract-route';
import { ok } from '../../platform/http/reply';
import { policies, presentedToken, staffRoles } from '../../platform/http/route-policy';
import { translate } from '../../platform/i18n/messages';
import { staffActorOf } from '../audit';
import { staffProfileOf } from './staff.domain';
import { staffConfirmationKeys } from './staff.errors';
import type { StaffService, TotpEnrolment } from './staff.service';

const noParams = z.strictObject({});
const authTags = ['staff: sign-in'];
const adminTags = ['staff: accounts'];
const security = [{ session: [] }];
/** Any staff member, whatever their roles. */
const anyStaff = policies.staff(...staffRoles);
const admin = policies.staff('admin');

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
  const enrolmentReply = (enrolment: TotpEnrolment) =>
    ok({
      staff: staffProfileOf(enrolment.member, clock.now()),
      totp_secret: enrolment.secret,
      otpauth_uri: enrolment.uri,
    });

  return async (app) => {
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

    app.post(
      '/admin/auth/logout',
      {
        config: { policy: anyStaff },
        schema: {
          tags: authTags,
          summary: 'End this staff session',
          security,
          querystring: noParams,
          response: { 200: apiReply(z.string()) },
        },
      },
      async (request) => {
        await staff.logout({ token: tokenOf(request), actor: staffActorOf(request) });
        return ok(translate(request.locale, staffConfirmationKeys.logged_out));
      },
    );

    app.get(
      '/admin/auth/me',
      {
        config: { policy: anyStaff },
        schema: {
          tags: authTags,
          summary: 'The signed-in staff member and their roles',
          security,
          querystring: noParams,
          response: { 200: apiReply(staffProfileSchema) },
        },
      },
      async (request) => ok(staffProfileOf(await staff.me(staffIdOf(request)), clock.now())),
    );

    app.get(
      '/admin/staff',
      {
        config: { policy: admin },
        schema: {
          tags: adminTags,
          summary: 'Every staff account (admins only)',
          security,
          querystring: noParams,
          response: { 200: apiReply(staffListReplySchema) },
        },
      },
      async () => {
        const now = clock.now();
        return ok({ list: (await staff.list()).map((member) => staffProfileOf(member, now)) });
      },
    );

    app.post(
      '/admin/staff/create',
      {
        config: { policy: admin },
        schema: {
          tags: adminTags,
          summary: 'Create a staff account; replies its TOTP secret and otpauth:// URI, shown only now',
          description:
            'roles: one or more of admin, compliance, finance, content, support (a JSON array, ' +
            'repeated form fields or one comma-separated field). The password has 12 to 128 ' +
            'characters. The new member signs in with it and a code from the authenticator app ' +
            'given the secret (the URI is what a QR code carries).',
          security,
          body: staffCreateBodySchema,
          response: { 200: apiReply(staffTotpEnrolmentSchema) },
        },
      },
      async (request) =>
        enrolmentReply(await staff.create({ ...request.body, actor: staffActorOf(request) })),
    );

    app.post(
      '/admin/staff/update',
      {
        config: { policy: admin },
        schema: {
          tags: adminTags,
          summary:
            'Change the roles, status (active, disabled) and/or linked customer account of a staff account',
          description:
            'Disabling ends the member’s sessions at once; setting `active` also lifts a lockout. ' +
            'An admin cannot remove their own admin role or disable themselves. `linked_user_id` ' +
            'names the customer account the member personally holds (0 or null removes it); they ' +
            'then cannot approve or reject that user’s deposits, withdrawals or verifications. A ' +
            'user is linked to at most one staff member.',
          security,
          body: staffUpdateBodySchema,
          response: { 200: apiReply(staffProfileSchema) },
        },
      },
      async (request) => {
        const member = await staff.update({
          actor: staffActorOf(request),
          id: request.body.id,
          roles: request.body.roles,
          status: request.body.status,
          linkedUserId: request.body.linked_user_id,
        });
        return ok(staffProfileOf(member, clock.now()));
      },
    );

    app.post(
      '/admin/staff/reset_totp',
      {
        config: { policy: admin },
        schema: {
          tags: adminTags,
          summary: 'Give a staff account a new TOTP secret (lost authenticator); shown only now',
          description: 'The old secret stops working and the member’s sessions end (not the caller’s own).',
          security,
          body: staffResetTotpBodySchema,
          response: { 200: apiReply(staffTotpEnrolmentSchema) },
        },
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
