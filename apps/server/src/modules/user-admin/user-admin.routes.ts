import {
  apiReply,
  userBillQuerySchema,
  userBillReplySchema,
  userDetailSchema,
  userFreezeBodySchema,
  userFreezeReplySchema,
  userIdQuerySchema,
  userSearchQuerySchema,
  userSearchReplySchema,
  userSessionRevokeBodySchema,
  userSessionsReplySchema,
  userSessionsRevokeAllBodySchema,
  userSessionsRevokeReplySchema,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/reply';
import { policies } from '../../platform/http/route-policy';
import { staffActorOf } from '../audit';
import type { UserAdminService } from './user-admin.service';

const tags = ['staff: users'];
const security = [{ session: [] }];

/**
 * Who may do what (and admin, who passes every staff policy):
 * - read (search, profile, balances, bill, sessions): support answers users, compliance reviews
 *   them, finance checks their money; all three need to see the account.
 * - write (end sessions, freeze, unfreeze sign-in): support only. Cutting a user off is an
 *   account-security action taken with the user on the line (a stolen device, a takeover); it
 *   moves no money and decides no review, so finance and compliance stay read-only here.
 */
const readPolicy = policies.staff('support', 'compliance', 'finance');
const writePolicy = policies.staff('support');
const rolesNote = (roles: string) => `Roles: ${roles} (and admin).`;
const readRoles = rolesNote('support, compliance, finance');
const writeRoles = `${rolesNote('support')} Appends an audit entry with the user before and after.`;

/** The users admin under /admin/users. */
export function userAdminHttpRoutes(deps: { users: UserAdminService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { users } = deps;

    app.get(
      '/admin/users',
      {
        config: { policy: readPolicy },
        schema: {
          tags,
          summary: 'Find users by id, e-mail, phone, nickname, account or wallet address prefix',
          description: `\`q\`: digits match a user id exactly; any text matches a prefix of the e-mail, sign-in account, nickname, phone number or wallet address (case-insensitive). Newest first, 20 a page. ${readRoles}`,
          security,
          querystring: userSearchQuerySchema,
          response: { 200: apiReply(userSearchReplySchema) },
        },
      },
      async (request) => ok(await users.search({ query: request.query.q, page: request.query.page ?? 1 })),
    );

    app.get(
      '/admin/users/detail',
      {
        config: { policy: readPolicy },
        schema: {
          tags,
          summary: 'One user: profile, verification state, balances per account kind, live sessions',
          description: `Balances are the ledger's (balance, available, frozen per currency and account kind). ${readRoles}`,
          security,
          querystring: userIdQuerySchema,
          response: { 200: apiReply(userDetailSchema) },
        },
      },
      async (request) => ok(await users.detail(request.query.id)),
    );

    app.get(
      '/admin/users/bill',
      {
        config: { policy: readPolicy },
        schema: {
          tags,
          summary: 'A user’s bill as they see it, newest first, 10 a page (read-only)',
          description: `Filters as the user's own bill: currency, type (account kind), kind (entry kind). ${readRoles}`,
          security,
          querystring: userBillQuerySchema,
          response: { 200: apiReply(userBillReplySchema) },
        },
      },
      async (request) => {
        const { id, page, ...filter } = request.query;
        return ok(await users.bill({ userId: id, filter, page: page ?? 1 }));
      },
    );

    app.get(
      '/admin/users/sessions',
      {
        config: { policy: readPolicy },
        schema: {
          tags,
          summary: 'A user’s sign-in sessions, newest first (at most 100)',
          description: `Created, expiry, revoked time, client address and state. No last-seen time or device is stored. ${readRoles}`,
          security,
          querystring: userIdQuerySchema,
          response: { 200: apiReply(userSessionsReplySchema) },
        },
      },
      async (request) => ok(await users.sessions(request.query.id)),
    );

    app.post(
      '/admin/users/sessions/revoke',
      {
        config: { policy: writePolicy },
        schema: {
          tags,
          summary: 'End one of a user’s live sessions; its sockets disconnect at once',
          description: writeRoles,
          security,
          body: userSessionRevokeBodySchema,
          response: { 200: apiReply(userSessionsRevokeReplySchema) },
        },
      },
      async (request) =>
        ok(
          await users.revokeSession({
            actor: staffActorOf(request),
            userId: request.body.user_id,
            sessionId: request.body.session_id,
            reason: request.body.reason,
          }),
        ),
    );

    app.post(
      '/admin/users/sessions/revoke_all',
      {
        config: { policy: writePolicy },
        schema: {
          tags,
          summary: 'End every live session of a user (signed out everywhere)',
          description: writeRoles,
          security,
          body: userSessionsRevokeAllBodySchema,
          response: { 200: apiReply(userSessionsRevokeReplySchema) },
        },
      },
      async (request) =>
        ok(
          await users.revokeAllSessions({
            actor: staffActorOf(request),
            userId: request.body.user_id,
            reason: request.body.reason,
          }),
        ),
    );

    app.post(
      '/admin/users/freeze',
      {
        config: { policy: writePolicy },
        schema: {
          tags,
          summary: 'Freeze a user’s sign-in and end all their sessions now',
          description: `The user is signed out at once and cannot sign in (password, code or wallet) until unfrozen. ${writeRoles}`,
          security,
          body: userFreezeBodySchema,
          response: { 200: apiReply(userFreezeReplySchema) },
        },
      },
      async (request) =>
        ok(
          await users.freeze({
            actor: staffActorOf(request),
            userId: request.body.user_id,
            reason: request.body.reason,
          }),
        ),
    );

    app.post(
      '/admin/users/unfreeze',
      {
        config: { policy: writePolicy },
        schema: {
          tags,
          summary: 'Let a frozen user sign in again',
          description: writeRoles,
          security,
          body: userFreezeBodySchema,
          response: { 200: apiReply(userFreezeReplySchema) },
        },
      },
      async (request) =>
        ok(
          await users.unfreeze({
            actor: staffActorOf(request),
            userId: request.body.user_id,
            reason: request.body.reason,
          }),
        ),
    );
  };
}
