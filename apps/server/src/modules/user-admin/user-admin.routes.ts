import {
  adminUsersBillRoute,
  adminUsersDetailRoute,
  adminUsersFreezeRoute,
  adminUsersRoute,
  adminUsersSessionsRevokeAllRoute,
  adminUsersSessionsRevokeRoute,
  adminUsersSessionsRoute,
  adminUsersUnfreezeRoute,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../audit';
import type { UserAdminService } from './user-admin.service';

const tags = ['staff: users'];
const audited = 'Appends an audit entry with the user before and after.';

/**
 * Who may do what (and admin, who passes every staff policy):
 * - read (search, profile, balances, bill, sessions): support answers users, compliance reviews
 *   them, finance checks their money; all three need to see the account.
 * - write (end sessions, freeze, unfreeze sign-in): support only. Cutting a user off is an
 *   account-security action taken with the user on the line (a stolen device, a takeover); it
 *   moves no money and decides no review, so finance and compliance stay read-only here.
 */
/** The users admin under /admin/users. */
export function userAdminHttpRoutes(deps: { users: UserAdminService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { users } = deps;
    const staff = staffRoutes(app, { tags });

    staff.read(
      adminUsersRoute,
      {
        summary: 'Find users by id, e-mail, phone, nickname, account or wallet address prefix.',
        description:
          '`q`: digits match a user id exactly; any text matches a prefix of the e-mail, sign-in account, nickname, phone number or wallet address (case-insensitive). Newest first, 20 a page.',
      },
      (query) => users.search({ query: query.q, page: query.page ?? 1 }),
    );

    staff.read(
      adminUsersDetailRoute,
      {
        summary: 'One user: profile, verification state, balances per account kind, live sessions.',
        description: "Balances are the ledger's (balance, available, frozen per currency and account kind).",
      },
      (query) => users.detail(query.id),
    );

    staff.read(
      adminUsersBillRoute,
      {
        summary: 'A user’s bill as they see it, newest first, 10 a page (read-only).',
        description: "Filters as the user's own bill: currency, type (account kind), kind (entry kind).",
      },
      (query) => {
        const { id, page, ...filter } = query;
        return users.bill({ userId: id, filter, page: page ?? 1 });
      },
    );

    staff.read(
      adminUsersSessionsRoute,
      {
        summary: 'A user’s sign-in sessions, newest first (at most 100).',
        description:
          'Created, expiry, revoked time, client address and state. No last-seen time or device is stored.',
      },
      (query) => users.sessions(query.id),
    );

    staff.write(
      adminUsersSessionsRevokeRoute,
      {
        summary: 'End one of a user’s live sessions; its sockets disconnect at once.',
        description: audited,
      },
      (actor, body) =>
        users.revokeSession({ actor, userId: body.user_id, sessionId: body.session_id, reason: body.reason }),
    );

    staff.write(
      adminUsersSessionsRevokeAllRoute,
      {
        summary: 'End every live session of a user (signed out everywhere).',
        description: audited,
      },
      (actor, body) => users.revokeAllSessions({ actor, userId: body.user_id, reason: body.reason }),
    );

    staff.write(
      adminUsersFreezeRoute,
      {
        summary: 'Freeze a user’s sign-in and end all their sessions now.',
        description: `The user is signed out at once and cannot sign in (password, code or wallet) until unfrozen. ${audited}`,
      },
      (actor, body) => users.freeze({ actor, userId: body.user_id, reason: body.reason }),
    );

    staff.write(
      adminUsersUnfreezeRoute,
      {
        summary: 'Let a frozen user sign in again.',
        description: audited,
      },
      (actor, body) => users.unfreeze({ actor, userId: body.user_id, reason: body.reason }),
    );
  };
}
