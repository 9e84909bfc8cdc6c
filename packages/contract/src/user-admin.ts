/**
 * The operator console's users admin: find a user, read their profile, verification state,
 * balances and bill, list and end their sessions, freeze and unfreeze their sign-in.
 * Reads: support, compliance and finance (and admin). Writes: support (and admin). Every write is
 * in the audit log with the user before and after.
 */
import { z } from 'zod';
import { positiveIntParam } from './envelope';
import { getRoute, postRoute } from './route';
import { text } from './text';
import { levelStateSchema } from './verification';
import { accountKindParam, billEntryKinds, billLineSchema, perAccountKind } from './wallet';

/** Search results are 20 a page. */
export const userAdminPageSize = 20;
/** Deep pages are refused rather than scanned. */
export const userAdminPageMax = 10_000;
export const userAdminQueryLengthMax = 254;
export const userAdminReasonLengthMin = 2;
export const userAdminReasonLengthMax = 200;
/** At most this many sessions of one user are listed (newest first). */
export const userAdminSessionsMax = 100;

/** Forms send "" for "any": treated as absent. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);
const pageParam = positiveIntParam.pipe(z.number().max(userAdminPageMax));
const userIdParam = positiveIntParam;
const amountText = z.string().regex(/^\d{1,40}(\.\d{1,18})?$/);

/**
 * GET /admin/users: `q` matches a user id (digits, exactly), or a prefix of the e-mail, sign-in
 * account, nickname (case-insensitive), phone number or wallet address (case-insensitive).
 * Without `q`, the newest users. Newest first, 20 a page.
 */
export const userSearchQuerySchema = z.strictObject({
  q: z.preprocess(blankAsAbsent, text().trim().min(1).max(userAdminQueryLengthMax).optional()),
  page: z.preprocess(blankAsAbsent, pageParam.optional()),
});
export type UserSearchQuery = z.input<typeof userSearchQuerySchema>;

/** A user as a list row shows them; times are epoch milliseconds. */
export const userSummarySchema = z.object({
  id: z.number().int(),
  /** The sign-in name (for a wallet-only user, the address). */
  account: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  area_code: z.string().nullable(),
  nickname: z.string(),
  wallet_address: z.string().nullable(),
  /** 0 none, 1 basic, 2 advanced. */
  verification_level: z.number().int(),
  /** Sign-in frozen by staff (or a system account that never signs in). */
  login_frozen: z.boolean(),
  created_at: z.number().int(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userSearchReplySchema = z.object({
  list: z.array(userSummarySchema),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type UserSearchReply = z.infer<typeof userSearchReplySchema>;

/** GET /admin/users/detail?id= */
export const userIdQuerySchema = z.strictObject({ id: userIdParam });
export type UserIdQuery = z.input<typeof userIdQuerySchema>;

/** One of the user's accounts: a currency in one account kind, from the ledger. */
export const userAdminAccountSchema = z.object({
  currency_id: z.number().int(),
  currency: z.string(),
  scale: z.number().int(),
  /** Everything on the account, held part included. */
  balance: amountText,
  /** balance − frozen. */
  available: amountText,
  /** Held for pending withdrawals, orders and the like. */
  frozen: amountText,
});
export type UserAdminAccount = z.infer<typeof userAdminAccountSchema>;

/** The accounts of one kind that exist in the ledger (an account never used is not listed). */
export const userAdminBalancesSchema = z.object(perAccountKind(z.array(userAdminAccountSchema)));
export type UserAdminBalances = z.infer<typeof userAdminBalancesSchema>;

export const userDetailSchema = userSummarySchema.extend({
  signature: z.string(),
  invitation_code: z.string(),
  inviter_id: z.number().int().nullable(),
  /** Too many wrong passwords: sign-in refused until then (null: not locked). */
  locked_until: z.number().int().nullable(),
  pay_password_set: z.boolean(),
  verification: z.object({
    level: z.number().int(),
    lv1: levelStateSchema,
    lv2: levelStateSchema,
  }),
  balances: userAdminBalancesSchema,
  /** Sessions not revoked and not expired. */
  live_sessions: z.number().int(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** GET /admin/users/bill: the user's bill as they see it (read-only), 10 a page. */
export const userBillQuerySchema = z.strictObject({
  id: userIdParam,
  currency: z.preprocess(blankAsAbsent, positiveIntParam.optional()),
  type: z.preprocess(blankAsAbsent, accountKindParam.optional()),
  kind: z.preprocess(blankAsAbsent, z.enum(billEntryKinds).optional()),
  page: z.preprocess(blankAsAbsent, pageParam.optional()),
});
export type UserBillQuery = z.input<typeof userBillQuerySchema>;
export const userBillReplySchema = z.object({
  list: z.array(billLineSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type UserBillReply = z.infer<typeof userBillReplySchema>;

export const userSessionStates = ['live', 'expired', 'revoked'] as const;
export type UserSessionState = (typeof userSessionStates)[number];

/** One sign-in session (the token itself is never stored, only its hash). */
export const userSessionSchema = z.object({
  /** Names the session for a revoke: a prefix of its token's hash, never the token. */
  id: z.string().regex(/^[0-9a-f]{16}$/),
  state: z.enum(userSessionStates),
  created_at: z.number().int(),
  expires_at: z.number().int(),
  revoked_at: z.number().int().nullable(),
  /** The client address it signed in from ("" when not known). No last-seen time is stored. */
  client_address: z.string(),
  stay_logged_in: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

/** GET /admin/users/sessions?id= : newest first, at most 100. */
export const userSessionsReplySchema = z.object({ list: z.array(userSessionSchema) });
export type UserSessionsReply = z.infer<typeof userSessionsReplySchema>;

const optionalReason = z.preprocess(
  blankAsAbsent,
  text().trim().min(userAdminReasonLengthMin).max(userAdminReasonLengthMax).optional(),
);
const requiredReason = text().trim().min(userAdminReasonLengthMin).max(userAdminReasonLengthMax);

/** POST /admin/users/sessions/revoke: end one session. */
export const userSessionRevokeBodySchema = z.strictObject({
  user_id: userIdParam,
  session_id: z.string().regex(/^[0-9a-f]{16}$/),
  reason: optionalReason,
});
export type UserSessionRevokeBody = z.input<typeof userSessionRevokeBodySchema>;

/** POST /admin/users/sessions/revoke_all: end every live session of the user. */
export const userSessionsRevokeAllBodySchema = z.strictObject({
  user_id: userIdParam,
  reason: optionalReason,
});
export type UserSessionsRevokeAllBody = z.input<typeof userSessionsRevokeAllBodySchema>;

/** What a session revoke ended. */
export const userSessionsRevokeReplySchema = z.object({ revoked: z.number().int() });
export type UserSessionsRevokeReply = z.infer<typeof userSessionsRevokeReplySchema>;

/**
 * POST /admin/users/freeze and /admin/users/unfreeze, with a reason the audit log keeps. Freezing
 * also ends every session, so the user is signed out at once.
 */
export const userFreezeBodySchema = z.strictObject({ user_id: userIdParam, reason: requiredReason });
export type UserFreezeBody = z.input<typeof userFreezeBodySchema>;

export const userFreezeReplySchema = z.object({
  user: userSummarySchema,
  /** Sessions ended by this call (always 0 on unfreeze). */
  revoked_sessions: z.number().int(),
});
export type UserFreezeReply = z.infer<typeof userFreezeReplySchema>;

export const adminUsersRoute = getRoute('/admin/users', {
  policy: { staff: ['support', 'compliance', 'finance'] },
  query: userSearchQuerySchema,
  reply: userSearchReplySchema,
});

export const adminUsersDetailRoute = getRoute('/admin/users/detail', {
  policy: { staff: ['support', 'compliance', 'finance'] },
  query: userIdQuerySchema,
  reply: userDetailSchema,
});

export const adminUsersBillRoute = getRoute('/admin/users/bill', {
  policy: { staff: ['support', 'compliance', 'finance'] },
  query: userBillQuerySchema,
  reply: userBillReplySchema,
});

export const adminUsersSessionsRoute = getRoute('/admin/users/sessions', {
  policy: { staff: ['support', 'compliance', 'finance'] },
  query: userIdQuerySchema,
  reply: userSessionsReplySchema,
});

export const adminUsersSessionsRevokeRoute = postRoute('/admin/users/sessions/revoke', {
  policy: { staff: ['support'] },
  body: userSessionRevokeBodySchema,
  reply: userSessionsRevokeReplySchema,
});

export const adminUsersSessionsRevokeAllRoute = postRoute('/admin/users/sessions/revoke_all', {
  policy: { staff: ['support'] },
  body: userSessionsRevokeAllBodySchema,
  reply: userSessionsRevokeReplySchema,
});

export const adminUsersFreezeRoute = postRoute('/admin/users/freeze', {
  policy: { staff: ['support'] },
  body: userFreezeBodySchema,
  reply: userFreezeReplySchema,
});

export const adminUsersUnfreezeRoute = postRoute('/admin/users/unfreeze', {
  policy: { staff: ['support'] },
  body: userFreezeBodySchema,
  reply: userFreezeReplySchema,
});
