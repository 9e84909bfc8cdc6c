/**
 * Deposits: the operator's deposit addresses, the voucher a user submits after paying, the
 * deposit log, and the finance team's decisions. Amounts are decimal strings at the currency's
 * scale; times are milliseconds since the epoch.
 */
import { z } from 'zod';
import { intParam, noParamsSchema, positiveIntParam } from './envelope';
import { getRoute, postRoute } from './route';
import { text } from './text';

/**
 * One staff member's approval of a money request: who (id and display name), when (epoch ms), and
 * the terms approved. Approvals count together only for equal terms, so a second approver sees
 * exactly what the first one approved.
 */
export const reviewApprovalSchema = z.object({
  staff_id: z.number().int(),
  /** The staff member's display name ("" for a stand-in without a staff account). */
  name: z.string(),
  at: z.number().int(),
  /** The amount approved, decimal text at the currency's scale (what moves when complete). */
  amount: z.string(),
  currency: z.string(),
  /** Where it goes: "#<user id> spot" for a deposit, the chain and address or the bank card of a withdrawal. */
  destination: z.string(),
});

export const depositStatuses = ['pending', 'approved', 'rejected'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

/** The deposit log and the staff queue show this many requests per page. */
export const depositPageSize = 10;
/** A user may have at most this many deposits waiting for review. */
export const depositPendingMax = 5;

/** A network name as the currencies table lists it (BTC, ERC20, TRC20, ...). */
const chainParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{2,12}$/)
  .transform((chain) => chain.toUpperCase());

/** A currency by id (3, "3") or by code ("USDT"); clients send the id. */
export const currencyRefParam = z.union([
  positiveIntParam,
  z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9]{1,11}$/)
    .transform((code) => code.toUpperCase()),
]);

/** Form clients send "1"/"0", JSON clients true/false. */
const flagParam = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['1', '0', 'true', 'false'])])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** A typed amount: checked against the currency's scale by the server (never a JS number there). */
const amountParam = z.union([
  z.string().max(64),
  z
    .number()
    .finite()
    .transform((value) => String(value)),
]);

/** An uploaded file's path (POST /upload); the server checks whose file it is. */
const uploadPathParam = z.string().trim().max(256);

/**
 * POST /wallet/get_in_address: the operator's address for the currency and chain (default the
 * currency's first chain with an address). `user_id`, which some clients send, is accepted and
 * ignored: the address is the operator's, the same for every user.
 */
export const depositAddressBodySchema = z.strictObject({
  currency: currencyRefParam,
  chain: chainParam.optional(),
  user_id: intParam.optional(),
});

export const depositAddressSchema = z.object({
  currency_id: z.number().int(),
  code: z.string(),
  /** Decimals of the currency: the most an amount may have. */
  scale: z.number().int(),
  chain: z.string(),
  /** Every chain of the currency that has an active address, in the currency's order. */
  chains: z.array(z.string()),
  address: z.string(),
  /** Memo or destination tag to send along; null when the network needs none. */
  memo: z.string().nullable(),
  /** A demo installation's made-up address: nothing sent to it will ever arrive. */
  demo: z.boolean(),
});
export type DepositAddress = z.infer<typeof depositAddressSchema>;

/**
 * POST /wallet/charge_req (money-moving: honours Idempotency-Key). `voucher` is the path POST
 * /upload answered; `pic` and `image` are accepted as aliases. `type` is always 0 (on-chain);
 * `account` is an optional note of where the user paid from.
 */
export const depositRequestBodySchema = z.strictObject({
  amount: amountParam,
  currency: currencyRefParam,
  type: z.union([z.literal(0), z.literal('0')]).optional(),
  account: text().trim().max(128).optional(),
  chain: chainParam.optional(),
  voucher: uploadPathParam.optional(),
  pic: uploadPathParam.optional(),
  image: uploadPathParam.optional(),
});

/** One deposit request as its owner sees it (POST /wallet/charge_req, GET /recharge/log). */
export const depositRecordSchema = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  /** The currency's code, e.g. "USDT". */
  currency: z.string(),
  chain: z.string(),
  /** What the user says they sent. */
  amount: z.string(),
  /** What was credited on approval (staff may credit what actually arrived); null until then. */
  credited_amount: z.string().nullable(),
  status: z.enum(depositStatuses),
  /** The reviewer's reason on a rejection, else "". */
  reason: z.string(),
  voucher: z.string(),
  created_at: z.number().int(),
  reviewed_at: z.number().int().nullable(),
});
export type DepositRecord = z.infer<typeof depositRecordSchema>;

/** GET /recharge/log: the caller's requests, newest first. */
export const depositLogQuerySchema = z.strictObject({
  page: positiveIntParam.optional(),
  limit: positiveIntParam.optional(),
});

export const depositLogSchema = z.object({
  list: z.array(depositRecordSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type DepositLog = z.infer<typeof depositLogSchema>;

/** Staff: the deposit addresses, one row per currency and chain (address null when unset). */
export const depositAddressRowSchema = z.object({
  currency_id: z.number().int(),
  code: z.string(),
  chain: z.string(),
  address: z.string().nullable(),
  memo: z.string().nullable(),
  active: z.boolean(),
  note: z.string(),
  updated_at: z.number().int().nullable(),
  /** The staff member who last changed it; null for the demo seed. */
  updated_by: z.number().int().nullable(),
});
export type DepositAddressRow = z.infer<typeof depositAddressRowSchema>;

export const depositAddressListSchema = z.object({ list: z.array(depositAddressRowSchema) });
export type DepositAddressList = z.infer<typeof depositAddressListSchema>;

/** Staff: POST /admin/deposit-addresses/save sets (or switches off) one currency and chain. */
export const depositAddressSaveBodySchema = z.strictObject({
  currency_id: positiveIntParam,
  chain: chainParam,
  address: z.string().trim().min(1).max(128),
  memo: z.string().trim().max(64).optional(),
  active: flagParam,
});

/** Staff: GET /admin/deposits, pending oldest first (default), decided newest decision first. */
export const depositQueueQuerySchema = z.strictObject({
  status: z.enum(depositStatuses).optional(),
  page: positiveIntParam.optional(),
});

export const depositQueueEntrySchema = depositRecordSchema.extend({
  user_id: z.number().int(),
  /** The user's e-mail or phone (or wallet address), for the reviewer. */
  account: z.string(),
  /** Where the user says they paid from, as typed. */
  sender: z.string(),
  reviewed_by: z.number().int().nullable(),
  /** Staff approvals so far (oldest first); above the two-person threshold two are needed. */
  approvals: z.array(reviewApprovalSchema),
  approvals_required: z.number().int(),
});
export type DepositQueueEntry = z.infer<typeof depositQueueEntrySchema>;

export const depositQueueSchema = z.object({
  list: z.array(depositQueueEntrySchema),
  page: z.number().int(),
  total: z.number().int(),
});
export type DepositQueue = z.infer<typeof depositQueueSchema>;

/**
 * Staff: POST /admin/deposits/decide. Approve credits `amount` (default: the requested amount)
 * exactly once; reject needs a reason. A request is decided once.
 */
export const depositDecisionBodySchema = z.strictObject({
  id: positiveIntParam,
  decision: z.enum(['approve', 'reject']),
  reason: text().trim().max(200).optional(),
  amount: amountParam.optional(),
});

export const walletGetInAddressRoute = postRoute('/wallet/get_in_address', {
  policy: 'user',
  body: depositAddressBodySchema,
  reply: depositAddressSchema,
});

export const walletChargeReqRoute = postRoute('/wallet/charge_req', {
  policy: 'user',
  body: depositRequestBodySchema,
  reply: depositRecordSchema,
  moneyMoving: true,
});

export const rechargeLogRoute = getRoute('/recharge/log', {
  policy: 'user',
  query: depositLogQuerySchema,
  reply: depositLogSchema,
});

export const adminDepositAddressesRoute = getRoute('/admin/deposit-addresses', {
  policy: { staff: ['finance'] },
  query: noParamsSchema,
  reply: depositAddressListSchema,
});

export const adminDepositAddressesSaveRoute = postRoute('/admin/deposit-addresses/save', {
  policy: { staff: ['finance'] },
  body: depositAddressSaveBodySchema,
  reply: depositAddressRowSchema,
});

export const adminDepositsRoute = getRoute('/admin/deposits', {
  policy: { staff: ['finance'] },
  query: depositQueueQuerySchema,
  reply: depositQueueSchema,
});

export const adminDepositsDecideRoute = postRoute('/admin/deposits/decide', {
  policy: { staff: ['finance'] },
  body: depositDecisionBodySchema,
  reply: depositQueueEntrySchema,
});
