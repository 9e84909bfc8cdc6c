/**
 * Wallet: currencies, the user's accounts per kind, transfers between them, and bills.
 * Amounts travel as decimal strings at the currency's scale (conventions rule 1); USDT
 * equivalents are rounded to 2 decimals and are for display only.
 */
import {
  accountKindName,
  type EntryKind,
  entryKinds,
  type UserAccountKindName,
  userAccountKindNames,
  userAccountKinds,
} from '@fairex/domain';
import { z } from 'zod';
import { intParam, noParamsSchema, optionalNoParamsSchema, positiveIntParam } from './envelope';
import { getRoute, postRoute } from './route';

/** The user account kinds of spec section 3 (one source: packages/domain's ledger kinds). */
export const accountKindIds = userAccountKinds;
export type AccountKindName = UserAccountKindName;
export const accountKindNames = userAccountKindNames;

/** An account kind as clients send it: its name ("change") or its id (2, "2"). */
export const accountKindParam = z.union([
  z.enum(userAccountKindNames),
  intParam.pipe(
    z
      .number()
      .int()
      .refine((id) => accountKindName(id) !== null)
      .transform((id) => accountKindName(id) as UserAccountKindName),
  ),
]);

/** One field per account kind, each of `schema` (balances and summaries per kind). */
export function perAccountKind<Schema extends z.ZodType>(
  schema: Schema,
): Record<UserAccountKindName, Schema> {
  return Object.fromEntries(userAccountKindNames.map((name) => [name, schema])) as Record<
    UserAccountKindName,
    Schema
  >;
}

/** What a bill line says an entry was; the web names each in ten languages. */
export const billEntryKinds = entryKinds;
export type BillEntryKind = EntryKind;

/** Lists of the wallet (transfers, bill) are 10 a page (spec section 9). */
export const walletPageSize = 10;
/** Deep pages are refused rather than scanned. */
export const walletPageMax = 10_000;
/** The CSV export holds at most this many lines of the filtered bill, newest first. */
export const billExportLinesMax = 10_000;

/** A non-negative amount at a currency's scale, e.g. "0.50000000". */
const amountText = z.string().regex(/^\d{1,40}(\.\d{1,18})?$/);
/** A signed amount, e.g. "-12.500000". */
const signedAmountText = z.string().regex(/^-?\d{1,40}(\.\d{1,18})?$/);
/** A USDT equivalent, 2 decimals, display only. */
const equivalentText = z.string().regex(/^\d{1,40}\.\d{2}$/);
const idText = z.string().regex(/^\d{1,20}$/);

/** A page number from a form or JSON (default 1). */
const pageParam = positiveIntParam.pipe(z.number().max(walletPageMax));
/** Forms send "" for "any": treated as absent. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** GET /currency/list: one coin entry per currency and chain (spec section 3). */
export const coinEntrySchema = z.object({
  id: z.number().int(),
  /** The code, e.g. "USDT". */
  name: z.string(),
  full_name: z.string(),
  /** The chain when the currency travels on several (USDT: ERC20, TRC20), else null. */
  subName: z.string().nullable(),
  /** The chain deposits and withdrawals of this entry travel on. */
  chain: z.string(),
  status: z.number().int(),
  image: z.string(),
  scale: z.number().int(),
  withdraw_min: amountText,
  withdraw_fee: amountText,
});
export type CoinEntry = z.infer<typeof coinEntrySchema>;
export const currencyListReplySchema = z.array(coinEntrySchema);

/** Available balance per account kind. */
const perKindAvailable = perAccountKind(amountText);

/** GET /currency/user_currency_list: the currencies with the user's available balance per kind. */
export const userCurrencySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string(),
  image: z.string(),
  scale: z.number().int(),
  ...perKindAvailable,
});
export type UserCurrency = z.infer<typeof userCurrencySchema>;
export const userCurrencyListReplySchema = z.array(userCurrencySchema);

/** A currency's USDT reference price: USDT itself is 1 (no tick); null when no price is recorded yet. */
export const usdtPriceSchema = z.object({
  currency_id: z.number().int(),
  currency: z.string(),
  price: z.string().regex(/^\d{1,30}(\.\d{1,18})?$/),
  /** The recorded tick the price comes from (GET /market/tick?id=...), null for USDT. */
  tick_id: idText.nullable(),
  /** Unix milliseconds of that tick, null for USDT. */
  time: z.number().int().nullable(),
});
export type UsdtPrice = z.infer<typeof usdtPriceSchema>;

/** One account: a currency in one account kind. */
export const walletAccountSchema = z.object({
  currency_id: z.number().int(),
  currency: z.string(),
  full_name: z.string(),
  image: z.string(),
  scale: z.number().int(),
  type: z.enum(accountKindNames),
  type_id: z.number().int(),
  /** Everything on the account, frozen part included. */
  balance: amountText,
  /** balance − frozen: what may be moved. */
  available: amountText,
  /** Held for pending withdrawals, orders and the like. */
  frozen: amountText,
  /** balance in USDT at the reference price, 2 decimals; null without a price. */
  usdt_value: equivalentText.nullable(),
});
export type WalletAccount = z.infer<typeof walletAccountSchema>;

export const walletKindSummarySchema = z.object({
  type_id: z.number().int(),
  /** Sum of the exact equivalents of the kind, rounded to 2 decimals. */
  total_usdt: equivalentText,
  list: z.array(walletAccountSchema),
});
export type WalletKindSummary = z.infer<typeof walletKindSummarySchema>;

/** POST /wallet/list: every currency per account kind, totals, and the prices used. */
export const walletListReplySchema = z.object({
  ...perAccountKind(walletKindSummarySchema),
  total_usdt: equivalentText,
  /** False when a currency with a balance had no price: its equivalent is left out of totals. */
  complete: z.boolean(),
  /** The prices behind the equivalents, each citing its tick. */
  prices: z.array(usdtPriceSchema),
});
export type WalletList = z.infer<typeof walletListReplySchema>;

const currencyIdParam = positiveIntParam;

/** POST /wallet/detail {currency, type} */
export const walletDetailBodySchema = z.strictObject({
  currency: currencyIdParam,
  type: accountKindParam,
});
export const walletDetailReplySchema = walletAccountSchema.extend({ price: usdtPriceSchema.nullable() });
export type WalletDetail = z.infer<typeof walletDetailReplySchema>;

/** POST /wallet/get_info {currency}: the currency and its accounts of every kind. */
export const walletInfoBodySchema = z.strictObject({ currency: currencyIdParam });
export const walletInfoReplySchema = z.object({
  currency: coinEntrySchema.omit({ subName: true, chain: true }).extend({ chains: z.array(z.string()) }),
  accounts: z.array(walletAccountSchema),
  price: usdtPriceSchema.nullable(),
});
export type WalletInfo = z.infer<typeof walletInfoReplySchema>;

/** GET /wallet/getRateCurrency {id} */
export const rateCurrencyQuerySchema = z.strictObject({ id: currencyIdParam });
export const rateCurrencyReplySchema = usdtPriceSchema.nullable();

/** The longest amount text a client may send; parseAmount decides the rest. */
export const amountTextLengthMax = 64;

/**
 * POST /wallet/change: a transfer between two of the caller's own accounts. `number` is the
 * amount typed by the user, checked by parseAmount at the currency's scale.
 */
export const walletChangeBodySchema = z.strictObject({
  currency_id: currencyIdParam,
  number: z.union([z.string().max(amountTextLengthMax), z.number().transform((value) => String(value))]),
  from_field: accountKindParam,
  to_field: accountKindParam,
});
export type WalletChangeBody = z.input<typeof walletChangeBodySchema>;

export const walletChangeReplySchema = z.object({
  /** The ledger entry that booked the transfer. */
  entry_id: idText,
  currency_id: z.number().int(),
  currency: z.string(),
  number: amountText,
  from_field: z.enum(accountKindNames as [AccountKindName, ...AccountKindName[]]),
  to_field: z.enum(accountKindNames as [AccountKindName, ...AccountKindName[]]),
  /** Available balances after the transfer. */
  from_available: amountText,
  to_available: amountText,
  time: z.number().int(),
});
export type WalletChangeReply = z.infer<typeof walletChangeReplySchema>;

/** GET /wallet/hzhistory {page}: the caller's transfers, newest first. */
export const transferHistoryQuerySchema = z.strictObject({ page: pageParam.optional() });
export const transferRecordSchema = z.object({
  entry_id: idText,
  currency_id: z.number().int(),
  currency: z.string(),
  number: amountText,
  from_field: z.string(),
  to_field: z.string(),
  /** Unix milliseconds. */
  time: z.number().int(),
});
export type TransferRecord = z.infer<typeof transferRecordSchema>;
export const transferHistoryReplySchema = z.object({
  list: z.array(transferRecordSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type TransferHistory = z.infer<typeof transferHistoryReplySchema>;

/** Bill filters of POST /wallet/legal_log and GET /wallet/bill.csv; "" means any. */
const billFilterFields = {
  currency: z.preprocess(blankAsAbsent, currencyIdParam.optional()),
  type: z.preprocess(blankAsAbsent, accountKindParam.optional()),
  kind: z.preprocess(blankAsAbsent, z.enum(billEntryKinds).optional()),
};
export const billQuerySchema = z.strictObject({
  ...billFilterFields,
  page: z.preprocess(blankAsAbsent, pageParam.optional()),
});
export type BillQuery = z.input<typeof billQuerySchema>;
export const billExportQuerySchema = z.strictObject(billFilterFields);

/** One posting on one of the caller's accounts. */
export const billLineSchema = z.object({
  /** The posting's id. */
  id: idText,
  entry_id: idText,
  kind: z.enum(billEntryKinds),
  currency_id: z.number().int(),
  currency: z.string(),
  /** Account kind name ("change"); kinds added by later features travel by name too. */
  type: z.string(),
  /** Signed: positive credits the account. */
  amount: signedAmountText,
  balance_after: signedAmountText,
  /** Unix milliseconds. */
  time: z.number().int(),
  reference: z.string().nullable(),
  tick_id: idText.nullable(),
  /** What the entry says about itself for the user: an adjustment's reason, given by staff. */
  note: z.string().nullable(),
});
export type BillLine = z.infer<typeof billLineSchema>;
export const billReplySchema = z.object({
  list: z.array(billLineSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type BillPage = z.infer<typeof billReplySchema>;

/** POST /wallet/demo_funds (demo mode only): test funds from the demo faucet, once a UTC day. */
export const demoFundsBodySchema = z.strictObject({});
export const demoFundsReplySchema = z.object({
  entry_id: idText,
  credited: z.array(z.object({ currency_id: z.number().int(), currency: z.string(), amount: amountText })),
  type: z.enum(accountKindNames),
  /** Unix milliseconds from which the next claim is accepted. */
  next_at: z.number().int(),
});
export type DemoFundsReply = z.infer<typeof demoFundsReplySchema>;

// The wallet's routes (spec section 7), declared once for the server and its clients.

export const currencyListRoute = getRoute('/currency/list', {
  policy: 'public',
  query: noParamsSchema,
  reply: currencyListReplySchema,
});
export const userCurrencyListRoute = getRoute('/currency/user_currency_list', {
  policy: 'user',
  query: noParamsSchema,
  reply: userCurrencyListReplySchema,
});
export const walletListRoute = postRoute('/wallet/list', {
  policy: 'user',
  body: optionalNoParamsSchema,
  reply: walletListReplySchema,
});
export const walletDetailRoute = postRoute('/wallet/detail', {
  policy: 'user',
  body: walletDetailBodySchema,
  reply: walletDetailReplySchema,
});
export const walletInfoRoute = postRoute('/wallet/get_info', {
  policy: 'user',
  body: walletInfoBodySchema,
  reply: walletInfoReplySchema,
});
export const walletRateRoute = getRoute('/wallet/getRateCurrency', {
  policy: 'public',
  query: rateCurrencyQuerySchema,
  reply: rateCurrencyReplySchema,
});
export const walletChangeRoute = postRoute('/wallet/change', {
  policy: 'user',
  moneyMoving: true,
  body: walletChangeBodySchema,
  reply: walletChangeReplySchema,
});
export const transferHistoryRoute = getRoute('/wallet/hzhistory', {
  policy: 'user',
  query: transferHistoryQuerySchema,
  reply: transferHistoryReplySchema,
});
export const walletBillRoute = postRoute('/wallet/legal_log', {
  policy: 'user',
  body: billQuerySchema,
  reply: billReplySchema,
});
/** Replies `text/csv` (an attachment); failures in the usual envelope. */
export const walletBillCsvRoute = getRoute('/wallet/bill.csv', {
  policy: 'user',
  query: billExportQuerySchema,
  reply: z.string(),
});
/** Demo mode only: test funds once a day. */
export const demoFundsRoute = postRoute('/wallet/demo_funds', {
  policy: 'user',
  moneyMoving: true,
  body: demoFundsBodySchema.optional(),
  reply: demoFundsReplySchema,
});
