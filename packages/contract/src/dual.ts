/**
 * Dual investment (spec sections 7 and 9; issue 19): fixed-term products on a pair (BTC/USDT),
 * `call` (invest the coin) or `put` (invest USDT), linked to a strike price. Settled once at the
 * product's settlement time on the first recorded tick at or after it (its id is on the order),
 * by the pure settleDual of packages/domain dual.domain.ts; the web recomputes each receipt with
 * the same function. Paid from the product's reserve `pool:dual:<id>`, which must cover both
 * outcomes of every accepted order. Parameter names follow client-contract.md (GET /dual/index
 * {currency_id, type}, GET /dual/detail {id}, POST /dual/buyDual {id, num, currency_id, type},
 * POST /dual/dual_list). Amounts and prices are decimal strings; rates decimal fractions
 * ("0.1" = 10% a year). No route sets a price, a tick or an outcome.
 */
import { dualDirections } from '@fairex/domain';
import { z } from 'zod';
import { intParam, noParamsSchema, positiveIntParam } from './envelope';
import { getRoute, postRoute } from './route';

export const dualPageSizeDefault = 10;
const dualPageSizeMax = 50;

const amountText = z.string().regex(/^\d{1,40}(\.\d{1,18})?$/);
const rateText = z.string().regex(/^\d{1,3}(\.\d{1,6})?$/);
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const dualDirectionSchema = z.enum(dualDirections);

const reserveSide = z.object({
  currency: z.string(),
  balance: amountText,
  reserved: amountText,
  available: amountText,
});

/** A product's reserve in both currencies of its pair: what it holds, reserves and has left. Public. */
export const dualReserveSchema = z.object({
  account: z.string(),
  base: reserveSide,
  quote: reserveSide,
});

export const dualProductSchema = z.object({
  id: z.number().int(),
  names: z.record(z.string(), z.string()),
  /** The reference pair whose recorded ticks settle the product, e.g. "BTC/USDT". */
  pair: z.string(),
  instrument_id: z.number().int(),
  /** The coin (spec: 1 BTC, 2 ETH) and the quote currency. */
  currency_id: z.number().int(),
  currency: z.string(),
  quote_currency_id: z.number().int(),
  quote_currency: z.string(),
  base_scale: z.number().int(),
  quote_scale: z.number().int(),
  /** call: invest the coin; put: invest the quote. */
  type: dualDirectionSchema,
  invest_currency: z.string(),
  invest_scale: z.number().int(),
  /** Linked (strike) price, quote per whole coin. */
  linked_price: amountText,
  annual_rate: rateText,
  days: z.number().int(),
  /** Settlement (maturity) time, ms since the epoch. */
  settle_at: z.number().int(),
  /** One share, in the invested currency. */
  unit_price: amountText,
  min_shares: z.number().int(),
  max_shares: z.number().int(),
  total_shares: z.number().int(),
  sold_shares: z.number().int(),
  remaining_shares: z.number().int(),
  /** Sold shares in percent of the total, rounded down. */
  progress: z.number().int(),
  active: z.boolean(),
  /** Past its settlement time or closed by staff: no new orders. */
  ended: z.boolean(),
  reserve: dualReserveSchema,
  /** The most shares one new order can take now (remaining, maximum, and what the reserve covers). */
  room_shares: z.number().int(),
  /** Nothing can be bought (ended, sold out, or the reserve cannot cover the minimum). */
  full: z.boolean(),
});
export type DualProduct = z.infer<typeof dualProductSchema>;

const tickSchema = z.object({ id: z.string(), price: z.string(), time: z.number().int() });
const payoutSchema = z.object({ currency: z.string(), side: z.enum(['base', 'quote']), amount: amountText });

export const dualOrderStates = ['purchased', 'settling', 'success', 'fail'] as const;

export const dualOrderSchema = z.object({
  id: z.string(),
  product_id: z.number().int(),
  names: z.record(z.string(), z.string()),
  pair: z.string(),
  type: dualDirectionSchema,
  currency: z.string(),
  quote_currency: z.string(),
  base_scale: z.number().int(),
  quote_scale: z.number().int(),
  invest_currency: z.string(),
  /** The frozen terms: the receipt's inputs. */
  shares: z.number().int(),
  amount: amountText,
  linked_price: amountText,
  annual_rate: rateText,
  days: z.number().int(),
  settle_at: z.number().int(),
  created_at: z.number().int(),
  /** purchased; settling (past the settlement time, tick not yet taken); success; fail (refunded). */
  state: z.enum(dualOrderStates),
  fail_reason: z.string().nullable(),
  /** What each outcome pays (pure rule on the frozen terms). */
  outcomes: z.object({ below: payoutSchema, at_or_above: payoutSchema }),
  /** The recorded tick the order settled on. */
  settle_tick: tickSchema.nullable(),
  payout: payoutSchema.nullable(),
  settled_at: z.number().int().nullable(),
});
export type DualOrder = z.infer<typeof dualOrderSchema>;

export const dualIndexRoute = getRoute('/dual/index', {
  policy: 'public',
  query: z.strictObject({
    currency_id: z.preprocess(blankAsAbsent, positiveIntParam.optional()),
    type: z.preprocess(blankAsAbsent, dualDirectionSchema.optional()),
  }),
  reply: z.object({ list: z.array(dualProductSchema), now: z.number().int() }),
});

export const dualDetailRoute = getRoute('/dual/detail', {
  policy: 'public',
  query: z.strictObject({ id: positiveIntParam }),
  reply: dualProductSchema,
});

/** `num` is taken as text so a fractional share count gets its own message (shares_invalid). */
const sharesText = z.union([z.number().finite(), z.string().max(20)]).transform((value) => String(value));

export const dualBuyRoute = postRoute('/dual/buyDual', {
  policy: 'user',
  body: z.strictObject({
    id: positiveIntParam,
    num: sharesText,
    currency_id: z.preprocess(blankAsAbsent, positiveIntParam.optional()),
    type: z.preprocess(blankAsAbsent, dualDirectionSchema.default('call')),
  }),
  reply: dualOrderSchema,
  moneyMoving: true,
});

export const dualListRoute = postRoute('/dual/dual_list', {
  policy: 'user',
  body: z
    .strictObject({
      page: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(10_000)).optional()),
      limit: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(dualPageSizeMax)).optional()),
    })
    .optional(),
  reply: z.object({
    list: z.array(dualOrderSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  }),
});

/** Console: every product with its reserve (finance, admin). */
export const adminDualProductsRoute = getRoute('/admin/dual/products', {
  policy: { staff: ['finance', 'admin'] },
  query: noParamsSchema,
  reply: z.object({ list: z.array(dualProductSchema) }),
});

/** Console: create (no id) or change a product; changes reach new orders only. Audited. */
export const adminDualProductSaveBodySchema = z.strictObject({
  id: z.preprocess(blankAsAbsent, positiveIntParam.optional()),
  names: z.record(z.string().regex(/^[a-z]{2,3}$/), z.string().trim().min(1).max(60)),
  /** A spot pair, e.g. "BTC/USDT" (fixed once created). */
  pair: z.string().regex(/^[A-Z0-9]{2,10}\/[A-Z0-9]{2,10}$/),
  type: dualDirectionSchema,
  linked_price: amountText,
  annual_rate: rateText,
  days: intParam.pipe(z.number().int().min(1).max(3650)),
  settle_at: intParam.pipe(z.number().int().positive()),
  unit_price: amountText,
  min_shares: intParam.pipe(z.number().int().min(1).max(1_000_000_000)),
  max_shares: intParam.pipe(z.number().int().min(1).max(1_000_000_000)),
  total_shares: intParam.pipe(z.number().int().min(0).max(1_000_000_000)),
  active: z.boolean(),
});
export type AdminDualProductSave = z.output<typeof adminDualProductSaveBodySchema>;

export const adminDualProductSaveRoute = postRoute('/admin/dual/products/save', {
  policy: { staff: ['finance', 'admin'] },
  body: adminDualProductSaveBodySchema,
  reply: dualProductSchema,
});

/** Console: move `amount` of `currency_id` (the pair's coin or quote) from `house` into the reserve. Audited. */
export const adminDualFundRoute = postRoute('/admin/dual/reserve/fund', {
  policy: { staff: ['finance', 'admin'] },
  body: z.strictObject({ product_id: positiveIntParam, currency_id: positiveIntParam, amount: amountText }),
  reply: dualProductSchema,
});

/** Console: every order, newest first (read-only). */
export const adminDualOrdersRoute = getRoute('/admin/dual/orders', {
  policy: { staff: ['finance', 'admin'] },
  query: z.strictObject({
    page: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(10_000)).optional()),
    limit: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(dualPageSizeMax)).optional()),
  }),
  reply: z.object({
    list: z.array(dualOrderSchema.extend({ user_id: z.number().int() })),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  }),
});
