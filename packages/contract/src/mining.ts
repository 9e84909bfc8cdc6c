/**
 * Lock, cloud and DeFi mining (spec sections 7 and 9; issue 19): products staff set (terms apply to
 * new subscriptions only), subscriptions that hold the principal and reserve the full yield in the
 * product's reserve (`pool:mining:<id>`), daily dividends and the principal at maturity paid by
 * scheduled work, and early redemption with a penalty. Parameter names follow client-contract.md
 * (GET /lh/deposit/config, GET /lh/deposit/order, POST /lh/deposit {config_id, amount},
 * POST /lh/deposit/order/cancel {id}). Rates are decimal fractions ("0.004" = 0.4%); amounts are
 * decimal strings at the currency's scale. The figures of an order come from the pure rules in
 * packages/domain mining.domain.ts; no route sets a dividend or a penalty.
 */
import { miningCategories } from '@fairex/domain';
import { z } from 'zod';
import { intParam, noParamsSchema, positiveIntParam } from './envelope';
import { getRoute, postRoute } from './route';

export const miningPageSizeDefault = 10;
const miningPageSizeMax = 50;

const amountText = z.string().regex(/^\d{1,40}(\.\d{1,18})?$/);
const rateText = z.string().regex(/^\d{1,3}(\.\d{1,6})?$/);
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const miningCategorySchema = z.enum(miningCategories);

/** A product's reserve: what it holds, what open orders have reserved, what is left. Public. */
export const miningReserveSchema = z.object({
  account: z.string(),
  balance: amountText,
  reserved: amountText,
  available: amountText,
});

export const miningProductSchema = z.object({
  id: z.number().int(),
  category: miningCategorySchema,
  /** Name per locale; clients show theirs, else English. */
  names: z.record(z.string(), z.string()),
  currency_id: z.number().int(),
  currency: z.string(),
  scale: z.number().int(),
  daily_rate: rateText,
  days: z.number().int(),
  min_amount: amountText,
  max_amount: amountText,
  capacity: amountText,
  subscribed: amountText,
  /** Dividend time of day in minutes after 00:00 UTC. */
  dividend_minute: z.number().int(),
  penalty_rate: rateText,
  active: z.boolean(),
  reserve: miningReserveSchema,
  /** The most one new order can lock now: capacity left, the maximum, and what the reserve covers. */
  room: amountText,
  /** Nothing can be subscribed (capacity or reserve exhausted, or inactive). */
  full: z.boolean(),
});
export type MiningProduct = z.infer<typeof miningProductSchema>;

export const miningConfigQuerySchema = z.strictObject({
  category: z.preprocess(blankAsAbsent, miningCategorySchema.optional()),
});

export const miningOrderSchema = z.object({
  id: z.string(),
  config_id: z.number().int(),
  category: miningCategorySchema,
  names: z.record(z.string(), z.string()),
  currency: z.string(),
  scale: z.number().int(),
  /** The frozen terms (the receipt's inputs). */
  amount: amountText,
  daily_rate: rateText,
  days: z.number().int(),
  penalty_rate: rateText,
  dividend_minute: z.number().int(),
  subscribed_at: z.number().int(),
  /** in_progress, or redeemed (early or at maturity). */
  state: z.enum(['in_progress', 'redeemed']),
  early: z.boolean(),
  redeemed_at: z.number().int().nullable(),
  penalty: amountText.nullable(),
  returned: amountText.nullable(),
  daily_dividend: amountText,
  total_yield: amountText,
  maturity_at: z.number().int(),
  dividends: z.array(z.object({ day: z.number().int(), amount: amountText, paid_at: z.number().int() })),
});
export type MiningOrder = z.infer<typeof miningOrderSchema>;

export const miningConfigRoute = getRoute('/lh/deposit/config', {
  policy: 'public',
  query: miningConfigQuerySchema,
  reply: z.object({ list: z.array(miningProductSchema), now: z.number().int() }),
});

export const miningOrdersRoute = getRoute('/lh/deposit/order', {
  policy: 'user',
  query: z.strictObject({
    page: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(10_000)).optional()),
    limit: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(miningPageSizeMax)).optional()),
  }),
  reply: z.object({
    list: z.array(miningOrderSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  }),
});

export const miningSubscribeRoute = postRoute('/lh/deposit', {
  policy: 'user',
  body: z.strictObject({ config_id: positiveIntParam, amount: amountText }),
  reply: miningOrderSchema,
  moneyMoving: true,
});

export const miningRedeemRoute = postRoute('/lh/deposit/order/cancel', {
  policy: 'user',
  body: z.strictObject({ id: z.union([positiveIntParam, z.string().regex(/^\d{1,18}$/)]) }),
  reply: miningOrderSchema,
  moneyMoving: true,
});

/** Console: every product with its reserve (finance, admin). */
export const adminMiningProductsRoute = getRoute('/admin/mining/products', {
  policy: { staff: ['finance', 'admin'] },
  query: noParamsSchema,
  reply: z.object({ list: z.array(miningProductSchema) }),
});

/** Console: create (no id) or change a product; changes reach new subscriptions only. Audited. */
export const adminMiningProductSaveBodySchema = z.strictObject({
  id: z.preprocess(blankAsAbsent, positiveIntParam.optional()),
  category: miningCategorySchema,
  names: z.record(z.string().regex(/^[a-z]{2,3}$/), z.string().trim().min(1).max(60)),
  currency_id: positiveIntParam,
  daily_rate: rateText,
  days: intParam.pipe(z.number().int().min(1).max(3650)),
  min_amount: amountText,
  max_amount: amountText,
  capacity: amountText,
  dividend_minute: intParam.pipe(z.number().int().min(0).max(1439)),
  penalty_rate: rateText,
  active: z.boolean(),
});
export type AdminMiningProductSave = z.output<typeof adminMiningProductSaveBodySchema>;

export const adminMiningProductSaveRoute = postRoute('/admin/mining/products/save', {
  policy: { staff: ['finance', 'admin'] },
  body: adminMiningProductSaveBodySchema,
  reply: miningProductSchema,
});

/** Console: move `amount` from `house` into the product's reserve by a recorded entry. Audited. */
export const adminMiningFundRoute = postRoute('/admin/mining/reserve/fund', {
  policy: { staff: ['finance', 'admin'] },
  body: z.strictObject({ product_id: positiveIntParam, amount: amountText }),
  reply: miningProductSchema,
});
