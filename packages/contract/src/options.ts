/**
 * Seconds options (issue 18): the microtrade calls of client-contract.md with their exact
 * parameter names, the public pool and receipt, and the console's terms. Amounts and prices are
 * decimal strings; times are unix milliseconds; rates are decimals ("0.85" pays 85 % on top).
 * Nothing a client sends chooses a price, an expiry, an outcome or a payout.
 */
import { z } from 'zod';
import { noParamsSchema, positiveIntParam } from './envelope';
import { getRoute, postRoute } from './route';

/** Lists show 5 orders a page unless `limit` (at most 50) says otherwise (client-contract.md). */
export const optionOrderPageSize = 5;
export const optionOrderPageSizeMax = 50;
const optionAmountTextLengthMax = 64;

const amountText = z.union([
  z.string().trim().min(1).max(optionAmountTextLengthMax),
  z
    .number()
    .finite()
    .transform((value) => String(value)),
]);

export const optionResults = ['win', 'lose', 'equal', 'refund'] as const;
export type OptionResultName = (typeof optionResults)[number];

/** GET /microtrade/payable_currencies: the stake currencies with the caller's options balance. */
export const optionPayableCurrencySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  balance: z.string(),
});
export const optionPayableCurrenciesRoute = getRoute('/microtrade/payable_currencies', {
  policy: 'user',
  query: noParamsSchema,
  reply: z.array(optionPayableCurrencySchema),
});

/** One duration of one instrument, as offered to new orders. */
export const optionTermSchema = z.object({
  match_id: z.number().int(),
  symbol: z.string(),
  seconds: z.number().int(),
  /** Profit on a win, a share of the stake ("0.85"). */
  profit_rate: z.string(),
  min_number: z.string(),
  max_number: z.string(),
  /** The win rate at which the order breaks even at this rate ("0.540541"). */
  break_even: z.string(),
});
export type OptionTermView = z.infer<typeof optionTermSchema>;

/** GET /microtrade/seconds: the durations and their profit rates (of one pair with `match_id`). */
export const optionSecondsRoute = getRoute('/microtrade/seconds', {
  policy: 'public',
  query: z.strictObject({ match_id: positiveIntParam.optional() }),
  reply: z.array(optionTermSchema),
});

export const optionTickSchema = z.object({
  id: z.string(),
  price: z.string(),
  time: z.number().int(),
});

/** An order with everything its outcome was computed from: the receipt. */
export const optionOrderSchema = z.object({
  id: z.number().int(),
  match_id: z.number().int(),
  symbol: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  /** 1 up, 2 down. */
  type: z.union([z.literal(1), z.literal(2)]),
  seconds: z.number().int(),
  number: z.string(),
  /** The rate fixed when the order was accepted. */
  profit_rate: z.string(),
  /** 1 in progress, 3 settled. */
  status: z.union([z.literal(1), z.literal(3)]),
  accepted_at: z.number().int(),
  expires_at: z.number().int(),
  open_tick: optionTickSchema,
  close_tick: optionTickSchema.nullable(),
  /** Null while in progress. */
  result: z.enum(optionResults).nullable(),
  /** What the user got back in total (stake + profit on a win); null while in progress. */
  payout: z.string().nullable(),
  /** A close tick must be recorded within this of the expiry, or the stake is refunded. */
  tolerance_ms: z.number().int(),
  settled_at: z.number().int().nullable(),
});
export type OptionOrder = z.infer<typeof optionOrderSchema>;

/** POST /microtrade/submit: the stake is held and the open tick fixed at acceptance. */
export const optionSubmitBodySchema = z.strictObject({
  match_id: positiveIntParam,
  currency_id: positiveIntParam,
  type: positiveIntParam.pipe(z.union([z.literal(1), z.literal(2)])),
  seconds: positiveIntParam,
  number: amountText,
});
export type OptionSubmitBody = z.input<typeof optionSubmitBodySchema>;
export const optionSubmitRoute = postRoute('/microtrade/submit', {
  policy: 'user',
  moneyMoving: true,
  body: optionSubmitBodySchema,
  reply: optionOrderSchema,
});

/** GET /microtrade/lists: the caller's orders, newest first. */
export const optionListQuerySchema = z.strictObject({
  match_id: positiveIntParam.optional(),
  status: positiveIntParam.pipe(z.union([z.literal(1), z.literal(3)])).optional(),
  page: positiveIntParam.pipe(z.number().max(10_000)).optional(),
  limit: positiveIntParam.pipe(z.number().max(optionOrderPageSizeMax)).optional(),
});
export const optionListReplySchema = z.object({
  list: z.array(optionOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type OptionList = z.infer<typeof optionListReplySchema>;
export const optionListRoute = getRoute('/microtrade/lists', {
  policy: 'user',
  query: optionListQuerySchema,
  reply: optionListReplySchema,
});

/** GET /microtrade/get_result {id}: one of the caller's orders with its receipt. */
export const optionResultRoute = getRoute('/microtrade/get_result', {
  policy: 'user',
  query: z.strictObject({ id: positiveIntParam }),
  reply: optionOrderSchema,
});

/** GET /microtrade/receipt {id}: any order's receipt with the ticks from open to close (public). */
export const optionReceiptSchema = z.object({
  order: optionOrderSchema,
  /**
   * Every recorded tick of the instrument from the open tick to the close tick (or tolerance
   * end), each with its chain hash (GET /market/tick_chain publishes the heads).
   */
  ticks: z.array(optionTickSchema.extend({ hash: z.string().nullable() })),
});
export type OptionReceipt = z.infer<typeof optionReceiptSchema>;
export const optionReceiptRoute = getRoute('/microtrade/receipt', {
  policy: 'public',
  query: z.strictObject({ id: positiveIntParam }),
  reply: optionReceiptSchema,
});

/** The options pool per currency: what it holds and what open orders could cost it. */
export const optionPoolSchema = z.object({
  currency_id: z.number().int(),
  currency_name: z.string(),
  balance: z.string(),
  /** Reserved for the worst case of open orders (every one winning). */
  exposure: z.string(),
  /** Open orders may reserve at most this share of the balance. */
  cap: z.string(),
  open_orders: z.number().int(),
  /** Open orders of one instrument and duration may reserve at most this share of the balance. */
  term_cap: z.string(),
  /** Each instrument and duration: reserved for its open orders, and its limit in the currency. */
  terms: z.array(
    z.object({
      match_id: z.number().int(),
      symbol: z.string(),
      seconds: z.number().int(),
      exposure: z.string(),
      limit: z.string(),
    }),
  ),
});
export type OptionPool = z.infer<typeof optionPoolSchema>;
export const optionPoolRoute = getRoute('/microtrade/pool', {
  policy: 'public',
  query: noParamsSchema,
  reply: z.array(optionPoolSchema),
});

/** Console: the terms in force (admin). */
export const adminOptionTermsRoute = getRoute('/admin/options/terms', {
  policy: { staff: ['admin'] },
  query: noParamsSchema,
  reply: z.array(optionTermSchema),
});

/** Console: set one duration of one instrument for new orders (admin; audited). */
export const adminOptionTermUpdateBodySchema = z.strictObject({
  match_id: positiveIntParam,
  seconds: positiveIntParam,
  profit_rate: z.string().trim().min(1).max(20),
  min_number: amountText,
  max_number: amountText,
  /** False withdraws the duration from new orders (open ones settle as accepted). */
  enabled: z.boolean(),
});
export type AdminOptionTermUpdateBody = z.input<typeof adminOptionTermUpdateBodySchema>;
export const adminOptionTermUpdateRoute = postRoute('/admin/options/terms/update', {
  policy: { staff: ['admin'] },
  body: adminOptionTermUpdateBodySchema,
  reply: z.array(optionTermSchema),
});

/** Console: move funds from `house` into the options pool (admin; audited; a ledger entry). */
export const adminOptionPoolFundRoute = postRoute('/admin/options/pool/fund', {
  policy: { staff: ['admin'] },
  body: z.strictObject({ currency_id: positiveIntParam, number: amountText }),
  reply: z.array(optionPoolSchema),
});
