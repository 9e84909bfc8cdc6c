/**
 * Contract trading on perpetuals and stocks (issue 17): the lever API of spec section 7 with the
 * parameter names existing clients send (client-contract.md). A contract instrument is named by
 * `currency_id` = its instrument id (as favourites name it) and `legal_id` = the settlement
 * currency (USDT, 3). Prices are decimal strings; money is in the settlement currency.
 */
import { z } from 'zod';
import { intParam, noParamsSchema, positiveIntParam } from './envelope';
import { getRoute, postRoute } from './route';

export const contractPageSize = 10;
const contractPageMax = 10_000;

const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);
/** Numbers as form clients send them: kept as text, the server checks them (lots, prices). */
const numberText = z.union([
  z.string().trim().max(40),
  z
    .number()
    .finite()
    .transform((value) => String(value)),
]);
const pageParam = z.preprocess(
  blankAsAbsent,
  positiveIntParam.pipe(z.number().max(contractPageMax)).optional(),
);

/** 1 long (buy), 2 short (sell). */
export const contractSideParam = intParam.pipe(z.union([z.literal(1), z.literal(2)]));

export const contractStatuses = ['pending', 'open', 'closed', 'cancelled'] as const;
export type ContractStatusName = (typeof contractStatuses)[number];
export const contractCloseReasons = [
  'close',
  'take_profit',
  'stop_loss',
  'liquidation',
  'max_profit',
] as const;
export const contractSettlementKinds = [...contractCloseReasons, 'overnight'] as const;

const instrumentParams = {
  currency_id: positiveIntParam,
  legal_id: z.preprocess(blankAsAbsent, positiveIntParam.optional()),
};

export const contractSessionSchema = z.object({
  /** False outside a stock's trading hours: no market orders; triggers wait for the next tick. */
  open: z.boolean(),
  /** Unix ms of the next opening when closed. */
  next_open: z.number().int().nullable(),
  hours: z.string().nullable(),
});

export const contractSideInterestSchema = z.object({
  /** Open notional on this side (settlement currency). */
  used: z.string(),
  /** The most this side may hold, sized from the pool's balance. */
  cap: z.string(),
});

export const contractInstrumentSchema = z.object({
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  symbol: z.string(),
  kind: z.string(),
  /** Contract size: underlying units per lot. */
  lever_share_num: z.string(),
  /** Open and close fee, percent of the notional. */
  lever_trade_fee: z.string(),
  close_fee: z.string(),
  /** Added to the reference price when buying, taken off when selling. */
  spread: z.string(),
  multiples: z.array(z.number().int()),
  /** Daily overnight fee, percent of the notional, charged at `overnight_time` (UTC HH:MM). */
  overnight_fee: z.string(),
  overnight_time: z.string(),
  /** Equity at or below this percent of the notional liquidates. */
  maintenance: z.string(),
  liquidation_fee: z.string(),
  /** The largest profit of a position, percent of its notional (the pool reserves it). */
  max_profit: z.string(),
  /** Open notional per side may reach this percent of the pool's balance. */
  side_cap: z.string(),
  /** A market order or close needs a tick at most this many seconds old. */
  max_tick_age: z.number().int(),
  reference: z.object({ price: z.string(), tick_id: z.string(), time: z.number().int() }).nullable(),
  /** False when the latest tick is older than the freshness limit. */
  fresh: z.boolean(),
  session: contractSessionSchema,
  long: contractSideInterestSchema,
  short: contractSideInterestSchema,
});
export type ContractInstrument = z.infer<typeof contractInstrumentSchema>;

export const contractCloseSchema = z.object({
  reason: z.enum(contractCloseReasons),
  reference_price: z.string(),
  price: z.string(),
  tick_id: z.string(),
  profit: z.string(),
  fee: z.string(),
  time: z.number().int(),
});

export const contractPositionSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  /** 1 long, 2 short. */
  type: z.union([z.literal(1), z.literal(2)]),
  status: z.enum(contractStatuses),
  /** 0 market, 1 limit. */
  order_type: z.union([z.literal(0), z.literal(1)]),
  share: z.number().int(),
  multiple: z.number().int(),
  target_price: z.string().nullable(),
  open_price: z.string().nullable(),
  open_tick_id: z.string().nullable(),
  current_price: z.string().nullable(),
  notional: z.string(),
  margin: z.string(),
  fee: z.string(),
  target_profit_price: z.string().nullable(),
  stop_loss_price: z.string().nullable(),
  overnight_fee: z.string(),
  liquidation_price: z.string().nullable(),
  /** Unrealised profit and loss at the current closing fill (open positions). */
  profit: z.string().nullable(),
  /** Equity over margin, percent. */
  risk_rate: z.string().nullable(),
  created_time: z.number().int(),
  open_time: z.number().int().nullable(),
  close: contractCloseSchema.nullable(),
});
export type ContractPosition = z.infer<typeof contractPositionSchema>;

export const contractAccountSchema = z.object({
  currency_id: z.number().int(),
  balance: z.string(),
  available: z.string(),
  /** Margin of open positions and what pending orders hold. */
  frozen: z.string(),
  unrealised: z.string(),
  /** Sum of equity over sum of margin, percent (null without open positions). */
  risk_rate: z.string().nullable(),
});

/** POST /lever/deal {currency_id, legal_id}: the instrument's terms, and for a user their account and positions. */
export const leverDealRoute = postRoute('/lever/deal', {
  policy: 'public',
  body: z.strictObject(instrumentParams),
  reply: z.object({
    instrument: contractInstrumentSchema,
    account: contractAccountSchema.nullable(),
    positions: z.array(contractPositionSchema),
  }),
});

/** The contract instruments (perpetuals and stocks) with their terms. */
export const leverInstrumentsRoute = getRoute('/lever/instruments', {
  policy: 'public',
  query: noParamsSchema,
  reply: z.array(contractInstrumentSchema),
});

export const leverSubmitBodySchema = z.strictObject({
  ...instrumentParams,
  /** Lots: a whole number. */
  share: numberText,
  multiple: positiveIntParam,
  type: contractSideParam,
  /** 0 market, 1 limit. */
  status: z.preprocess(blankAsAbsent, intParam.pipe(z.union([z.literal(0), z.literal(1)])).default(0)),
  /** The limit price (status 1). */
  target_price: z.preprocess(blankAsAbsent, numberText.optional()),
  target_profit_price: z.preprocess(blankAsAbsent, numberText.optional()),
  stop_loss_price: z.preprocess(blankAsAbsent, numberText.optional()),
});

export const leverSubmitRoute = postRoute('/lever/submit', {
  policy: 'user',
  moneyMoving: true,
  body: leverSubmitBodySchema,
  reply: contractPositionSchema,
});

export const contractListReplySchema = z.object({
  list: z.array(contractPositionSchema),
  page: z.number().int(),
  total: z.number().int(),
  account: contractAccountSchema,
});

/** POST /lever/dealall: open positions (all instruments, or one). */
export const leverDealAllRoute = postRoute('/lever/dealall', {
  policy: 'user',
  body: z.strictObject({
    currency_id: z.preprocess(blankAsAbsent, positiveIntParam.optional()),
    legal_id: z.preprocess(blankAsAbsent, positiveIntParam.optional()),
    page: pageParam,
  }),
  reply: contractListReplySchema,
});

/** POST /lever/my_trade: status 1 pending orders, 2 open positions, 3 history (closed and cancelled). */
export const leverMyTradeRoute = postRoute('/lever/my_trade', {
  policy: 'user',
  body: z.strictObject({
    currency_id: z.preprocess(blankAsAbsent, positiveIntParam.optional()),
    legal_id: z.preprocess(blankAsAbsent, positiveIntParam.optional()),
    page: pageParam,
    status: z.preprocess(
      blankAsAbsent,
      intParam.pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])).default(2),
    ),
  }),
  reply: contractListReplySchema,
});

export const contractReceiptSchema = z.object({
  id: z.string(),
  position_id: z.string(),
  kind: z.enum(contractSettlementKinds),
  /** Overnight fees: the UTC day charged. */
  day: z.string().nullable(),
  tick_id: z.string().nullable(),
  /** Everything the outcome is computed from (decimal strings). */
  inputs: z.record(z.string(), z.string()),
  /** The outcome; recomputeContractReceipt(inputs) gives the same. */
  outcome: z.record(z.string(), z.string()),
  settled_at: z.number().int(),
});
export type ContractReceipt = z.infer<typeof contractReceiptSchema>;

export const leverCloseRoute = postRoute('/lever/close', {
  policy: 'user',
  moneyMoving: true,
  body: z.strictObject({ id: positiveIntParam }),
  reply: contractReceiptSchema,
});

export const leverSetStopRoute = postRoute('/lever/setstop', {
  policy: 'user',
  body: z.strictObject({
    id: positiveIntParam,
    target_profit_price: z.preprocess(blankAsAbsent, numberText.optional()),
    stop_loss_price: z.preprocess(blankAsAbsent, numberText.optional()),
  }),
  reply: contractPositionSchema,
});

/** type 0 all, 1 long only, 2 short only. */
export const leverBatchCloseRoute = postRoute('/lever/batch_close', {
  policy: 'user',
  moneyMoving: true,
  body: z.strictObject({
    type: z.preprocess(
      blankAsAbsent,
      intParam.pipe(z.union([z.literal(0), z.literal(1), z.literal(2)])).default(0),
    ),
  }),
  reply: z.object({ closed: z.number().int(), receipts: z.array(contractReceiptSchema) }),
});

export const leverCancelRoute = postRoute('/lever/cancel', {
  policy: 'user',
  moneyMoving: true,
  body: z.strictObject({ id: positiveIntParam }),
  reply: contractPositionSchema,
});

/** A position's receipts (its close, its overnight fees): the owner only. */
export const leverReceiptsRoute = getRoute('/lever/receipts', {
  policy: 'user',
  query: z.strictObject({ id: positiveIntParam }),
  reply: z.array(contractReceiptSchema),
});

export const contractPoolSchema = z.object({
  currency_id: z.number().int(),
  /** The house liquidity pool: balance, and what open positions reserve on it. */
  pool_balance: z.string(),
  pool_reserved: z.string(),
  insurance_balance: z.string(),
  instruments: z.array(
    z.object({
      currency_id: z.number().int(),
      symbol: z.string(),
      long: contractSideInterestSchema,
      short: contractSideInterestSchema,
    }),
  ),
});
export type ContractPool = z.infer<typeof contractPoolSchema>;

/** Public: the pool's balance and the open interest per instrument and side with its cap. */
export const leverPoolRoute = getRoute('/lever/pool', {
  policy: 'public',
  query: noParamsSchema,
  reply: contractPoolSchema,
});

/**
 * Console (admin only, audited): an instrument's contract terms. They apply to positions and
 * orders placed from now on; each existing one keeps the terms it opened with. Rates are percent
 * text (up to 4 decimals), prices and the contract size decimal text; `multiples` a comma list.
 * Nothing here touches a price, a fill or an outcome.
 */
export const adminContractTermsBodySchema = z.strictObject({
  currency_id: positiveIntParam,
  contract_size: numberText,
  multiples: z.string().trim().max(200),
  spread: numberText,
  lever_trade_fee: numberText,
  close_fee: numberText,
  overnight_fee: numberText,
  maintenance: numberText,
  liquidation_fee: numberText,
  max_profit: numberText,
  side_cap: numberText,
  max_tick_age: positiveIntParam,
});
export type AdminContractTermsBody = z.infer<typeof adminContractTermsBodySchema>;

export const adminContractTermsSaveRoute = postRoute('/admin/contracts/terms/save', {
  policy: { staff: ['admin'] },
  body: adminContractTermsBodySchema,
  reply: contractInstrumentSchema,
});

/** Console: the pool, insurance and every instrument's terms, open interest and caps. */
export const contractsAdminRoute = getRoute('/admin/contracts', {
  policy: { staff: ['admin', 'finance', 'support'] },
  query: noParamsSchema,
  reply: z.object({
    pool: contractPoolSchema,
    instruments: z.array(contractInstrumentSchema),
    open_positions: z.number().int(),
  }),
});
