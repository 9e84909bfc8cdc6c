/**
 * Withdrawals: a request (POST /wallet/out) holds amount + fee on the user's spot account until
 * the finance team approves it (paid out once) or rejects it, or the user cancels it. Amounts are
 * decimal strings at the currency's scale; times are milliseconds since the epoch.
 */
import { z } from 'zod';
import { passwordLengthMax, verificationCodeSchema } from './accounts';
import { reviewApprovalSchema } from './deposits';
import { positiveIntParam } from './envelope';
import { getRoute, postRoute } from './route';

export const withdrawalStatuses = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

export const payoutStatuses = ['queued', 'sent', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** Lists show 10 requests a page (spec section 9) unless `limit` (at most 50) says otherwise. */
export const withdrawalPageSize = 10;
export const withdrawalPageSizeMax = 50;
/** Deep pages are refused rather than scanned. */
export const withdrawalPageMax = 10_000;
/** The longest amount text a client may send; the server's parseAmount decides the rest. */
export const withdrawalAmountTextLengthMax = 64;
export const withdrawalReasonLengthMax = 200;

/** "" from a form field left empty means "not given". */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);
const optionalId = z.preprocess(blankAsAbsent, positiveIntParam.optional());
const pageParam = positiveIntParam.pipe(z.number().max(withdrawalPageMax));

/** A currency by id (3, "3") or by code ("USDT"); clients send the id. */
const withdrawCurrencyParam = z.union([
  positiveIntParam,
  z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9]{1,11}$/)
    .transform((code) => code.toUpperCase()),
]);

/**
 * POST /wallet/out (money-moving: honours Idempotency-Key). `number` is the amount the user
 * receives; the currency's fee comes on top. The destination is a saved address (`address_id`, or
 * `address` as older clients send it) or the saved bank card (`bank_card_id`); `chain` is needed
 * only for a multi-chain currency when the address does not name one.
 */
export const withdrawBodySchema = z.strictObject({
  currency: withdrawCurrencyParam,
  number: z.union([
    z.string().max(withdrawalAmountTextLengthMax),
    z
      .number()
      .finite()
      .transform((value) => String(value)),
  ]),
  chain: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{2,12}$/)
      .transform((chain) => chain.toUpperCase())
      .optional(),
  ),
  address_id: optionalId,
  address: optionalId,
  bank_card_id: optionalId,
  pay_password: z.string().min(1).max(passwordLengthMax),
  code: verificationCodeSchema,
});
export type WithdrawBody = z.input<typeof withdrawBodySchema>;

/** Where the money goes, as the user sees it (a bank card's number masked). */
export const withdrawalDestinationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('address'),
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    chain: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('bank_card'),
    id: z.number().int(),
    region: z.enum(['domestic', 'international']),
    real_name: z.string(),
    bank_name: z.string(),
    /** e.g. "**** 1234". */
    card: z.string(),
  }),
]);
export type WithdrawalDestination = z.infer<typeof withdrawalDestinationSchema>;

/** One withdrawal request as its owner sees it (POST /wallet/out, GET /user/withdraw/list). */
export const withdrawalRecordSchema = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  /** The currency's code, e.g. "USDT". */
  currency: z.string(),
  image: z.string(),
  chain: z.string().nullable(),
  /** What the user receives. */
  amount: z.string(),
  fee: z.string(),
  /** amount + fee: what leaves the user's spot account. */
  total: z.string(),
  status: z.enum(withdrawalStatuses),
  /** The reviewer's reason on a rejection, else "". */
  reason: z.string(),
  destination: withdrawalDestinationSchema,
  /** Only a pending request may be cancelled. */
  can_cancel: z.boolean(),
  created_at: z.number().int(),
  decided_at: z.number().int().nullable(),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecordSchema>;

/** GET /user/withdraw/list: the caller's requests, newest first. */
export const withdrawalListQuerySchema = z.strictObject({
  page: z.preprocess(blankAsAbsent, pageParam.optional()),
  limit: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(withdrawalPageSizeMax)).optional()),
});
export const withdrawalListReplySchema = z.object({
  list: z.array(withdrawalRecordSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type WithdrawalList = z.infer<typeof withdrawalListReplySchema>;

/** POST /user/withdraw/cancel (money-moving): a pending request of the caller's, released once. */
export const withdrawalCancelBodySchema = z.strictObject({ id: positiveIntParam });

/**
 * GET /user/withdraw/info: what the withdrawal form needs: per currency its scale, chains,
 * minimum, fee and the caller's available spot balance; and the caller's 24-hour limit (BTC
 * equivalent at the price at request time: Lv1 200 BTC, Lv2 500 BTC; 0 when unverified).
 */
export const withdrawInfoQuerySchema = z.strictObject({});
export const withdrawCurrencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  image: z.string(),
  scale: z.number().int(),
  chains: z.array(z.string()),
  withdraw_min: z.string(),
  withdraw_fee: z.string(),
  /** Available on the spot (change) account. */
  available: z.string(),
});
export type WithdrawCurrency = z.infer<typeof withdrawCurrencySchema>;
export const withdrawInfoReplySchema = z.object({
  currencies: z.array(withdrawCurrencySchema),
  level: z.number().int(),
  /** BTC, 8 decimals. */
  limit_btc: z.string(),
  /** Pending and approved requests of the last 24 hours, BTC equivalent. */
  used_btc: z.string(),
  remaining_btc: z.string(),
});
export type WithdrawInfo = z.infer<typeof withdrawInfoReplySchema>;

/** Staff: GET /admin/withdrawals, pending oldest first (default), the rest newest first. */
export const withdrawalQueueQuerySchema = z.strictObject({
  status: z.preprocess(blankAsAbsent, z.enum(withdrawalStatuses).optional()),
  page: z.preprocess(blankAsAbsent, pageParam.optional()),
  user_id: optionalId,
});

export const withdrawalPayoutSchema = z.object({
  status: z.enum(payoutStatuses),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  external_ref: z.string().nullable(),
  sent_at: z.number().int().nullable(),
});

/** A request as the finance team sees it: the destination in full, the limit as applied. */
export const withdrawalQueueEntrySchema = withdrawalRecordSchema.extend({
  user_id: z.number().int(),
  /** The user's e-mail or phone (or wallet address). */
  account: z.string(),
  /** The destination snapshot in full (a card's number unmasked, every bank field). */
  destination_detail: z.record(z.string(), z.unknown()),
  /** BTC equivalent at request time and the user's limit then (BTC, 8 decimals). */
  btc_equivalent: z.string(),
  limit_btc: z.string(),
  /** The recorded price ticks used (GET /market/tick?id=...), null where none was needed. */
  price_ticks: z.object({ currency: z.string().nullable(), btc: z.string().nullable() }),
  decided_by: z.number().int().nullable(),
  payout: withdrawalPayoutSchema.nullable(),
  /** Staff approvals so far (oldest first); above the two-person threshold two are needed. */
  approvals: z.array(reviewApprovalSchema),
  approvals_required: z.number().int(),
});
export type WithdrawalQueueEntry = z.infer<typeof withdrawalQueueEntrySchema>;

export const withdrawalQueueReplySchema = z.object({
  list: z.array(withdrawalQueueEntrySchema),
  page: z.number().int(),
  total: z.number().int(),
});
export type WithdrawalQueue = z.infer<typeof withdrawalQueueReplySchema>;

/** Staff: POST /admin/withdrawals/decide. A rejection needs a reason; each request is decided once. */
export const withdrawalDecisionBodySchema = z.strictObject({
  id: positiveIntParam,
  decision: z.enum(['approve', 'reject']),
  reason: z.string().trim().max(withdrawalReasonLengthMax).optional(),
});

export const userWithdrawInfoRoute = getRoute('/user/withdraw/info', {
  policy: 'user',
  query: withdrawInfoQuerySchema,
  reply: withdrawInfoReplySchema,
});

export const walletOutRoute = postRoute('/wallet/out', {
  policy: 'verified',
  body: withdrawBodySchema,
  reply: withdrawalRecordSchema,
  moneyMoving: true,
});

export const userWithdrawCancelRoute = postRoute('/user/withdraw/cancel', {
  policy: 'user',
  body: withdrawalCancelBodySchema,
  reply: withdrawalRecordSchema,
  moneyMoving: true,
});

export const userWithdrawListRoute = getRoute('/user/withdraw/list', {
  policy: 'user',
  query: withdrawalListQuerySchema,
  reply: withdrawalListReplySchema,
});

export const adminWithdrawalsRoute = getRoute('/admin/withdrawals', {
  policy: { staff: ['finance'] },
  query: withdrawalQueueQuerySchema,
  reply: withdrawalQueueReplySchema,
});

export const adminWithdrawalsDecideRoute = postRoute('/admin/withdrawals/decide', {
  policy: { staff: ['finance'] },
  body: withdrawalDecisionBodySchema,
  reply: withdrawalQueueEntrySchema,
});
