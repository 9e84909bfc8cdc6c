/**
 * IEO token launches (spec sections 3, 4 and 7; client-contract.md): projects with a state from
 * the clock (warm-up, in progress, finished), subscriptions that hold the payment, one allocation
 * at the end of the subscription by the published rule (packages/domain ieo.domain.ts), and the
 * locked tokens released at the end of the lock cycle. Amounts are decimal strings: tokens at the
 * token's scale, payments at the payable currency's scale; prices are payment per whole token.
 * No route sets an allocation: it is computed once, by scheduled work, from the stored subscriptions.
 */
import { ieoProjectStates } from '@fairex/domain';
import { z } from 'zod';
import { intParam, noParamsSchema, positiveIntParam } from './envelope';
import { getRoute, postRoute } from './route';

/** Lists of projects and subscriptions: 10 a page by default, at most 50. */
export const ieoPageSizeDefault = 10;
export const ieoPageSizeMax = 50;
const ieoPageMax = 10_000;

const amountText = z.string().regex(/^\d{1,40}(\.\d{1,18})?$/);
/** Forms send "" for "absent". */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

const pageQuery = z.strictObject({
  page: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(ieoPageMax)).optional()),
  limit: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(ieoPageSizeMax)).optional()),
});

export const ieoStateSchema = z.enum(ieoProjectStates);

export const ieoPriceSchema = z.object({
  currency_id: z.number().int(),
  /** The payable currency's code, e.g. "USDT". */
  currency: z.string(),
  currency_scale: z.number().int(),
  /** Payment per whole token. */
  price: amountText,
});

export const ieoProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  currency_id: z.number().int(),
  token_scale: z.number().int(),
  logo: z.string(),
  whitepaper: z.string(),
  website: z.string(),
  /** In the caller's language (else English, else any). */
  description: z.string(),
  state: ieoStateSchema,
  prices: z.array(ieoPriceSchema),
  issuance: amountText,
  /** Issuance not yet asked for (0 when oversubscribed). */
  remaining: amountText,
  requested_total: amountText,
  min_per_user: amountText,
  max_per_user: amountText,
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  lock_days: z.number().int(),
  /** When allocated tokens are released: ends_at + lock_days. */
  release_at: z.number().int(),
  listing_at: z.number().int(),
  /** Subscriptions so far ("applications count"). */
  applications: z.number().int(),
  /** Subscriptions that got tokens ("passes count"); null until the allocation ran. */
  passes: z.number().int().nullable(),
  allocated_total: amountText.nullable(),
  allocated_at: z.number().int().nullable(),
  released_at: z.number().int().nullable(),
  rule_version: z.number().int().nullable(),
  /** Set once staff opened the spot pair (from `listing_at` on): its symbol, e.g. "ORBT/USDT". */
  listed_at: z.number().int().nullable(),
  listing_symbol: z.string().nullable(),
  /** The reference price (USDT per token) staff set and recorded as the pair's first tick. */
  listing_reference: amountText.nullable(),
  /** Tokens moved from the issuance account to the market maker at listing. */
  maker_inventory: amountText.nullable(),
  /** The server's clock, for countdowns. */
  now: z.number().int(),
});
export type IeoProject = z.infer<typeof ieoProjectSchema>;

export const ieoProjectListSchema = z.object({
  list: z.array(ieoProjectSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

export const ieoProjectIdQuerySchema = z.strictObject({ project_id: positiveIntParam });

/** Every subscription's id and amount: the public inputs a receipt is recomputed from. */
export const ieoAllocationInputsSchema = z.object({
  project_id: z.number().int(),
  issuance: amountText,
  token_scale: z.number().int(),
  rule_version: z.number().int().nullable(),
  applications: z.array(z.object({ id: z.string(), amount: amountText })),
});
export type IeoAllocationInputs = z.infer<typeof ieoAllocationInputsSchema>;

/** A decimal as a form sends it, or a JSON number (some clients send JSON); the service parses it. */
const decimalParam = z.union([z.string().max(64), z.number().transform((value) => String(value))]);

/** POST /project/order: `amount` tokens, paid in `pay_currency` (id or code) at `price` as shown. */
export const ieoOrderBodySchema = z.strictObject({
  project_id: positiveIntParam,
  amount: decimalParam,
  pay_currency: z.union([positiveIntParam, z.string().regex(/^[A-Za-z0-9]{1,20}$/)]),
  price: decimalParam,
});

export const ieoOrderStates = ['subscribed', 'locked', 'released'] as const;

export const ieoOrderSchema = z.object({
  id: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
  symbol: z.string(),
  token_scale: z.number().int(),
  pay_currency_id: z.number().int(),
  pay_currency: z.string(),
  pay_scale: z.number().int(),
  /** Tokens asked for. */
  amount: amountText,
  price: amountText,
  /** Payment held at subscription. */
  held: amountText,
  created_at: z.number().int(),
  /** subscribed: waiting for the allocation; locked: allocated, tokens locked; released: all done. */
  state: z.enum(ieoOrderStates),
  allocated: amountText.nullable(),
  charged: amountText.nullable(),
  refunded: amountText.nullable(),
  /** When the allocation runs (the end of the subscription). */
  allocation_at: z.number().int(),
  allocated_at: z.number().int().nullable(),
  release_at: z.number().int(),
  released_at: z.number().int().nullable(),
});
export type IeoOrder = z.infer<typeof ieoOrderSchema>;

export const ieoOrderListSchema = z.object({
  list: z.array(ieoOrderSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

export const ieoProjectListRoute = getRoute('/project', {
  policy: 'public',
  query: pageQuery,
  reply: ieoProjectListSchema,
});
export const ieoProjectDetailRoute = getRoute('/project/detail', {
  policy: 'public',
  query: ieoProjectIdQuerySchema,
  reply: ieoProjectSchema,
});
export const ieoAllocationInputsRoute = getRoute('/project/allocation', {
  policy: 'public',
  query: ieoProjectIdQuerySchema,
  reply: ieoAllocationInputsSchema,
});
export const ieoOrderRoute = postRoute('/project/order', {
  policy: 'user',
  body: ieoOrderBodySchema,
  reply: ieoOrderSchema,
  moneyMoving: true,
});
export const ieoMyOrdersRoute = getRoute('/user/project/order', {
  policy: 'user',
  query: pageQuery,
  reply: ieoOrderListSchema,
});

/** Console: every project with its state and figures (admin). */
export const adminIeoProjectsRoute = getRoute('/admin/ieo/projects', {
  policy: { staff: ['admin'] },
  query: noParamsSchema,
  reply: z.object({ list: z.array(ieoProjectSchema) }),
});

const descriptionsSchema = z.record(z.string().regex(/^[a-z]{2,3}$/), z.string().max(5000));

/**
 * Console: a new project (admin, audited). The token becomes a ledger currency (`symbol`, `scale`
 * decimals) and its issuance is minted into the project's issuance account. Times in ms.
 */
export const adminIeoProjectCreateBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(60),
  symbol: z.string().regex(/^[A-Z][A-Z0-9]{1,11}$/),
  scale: intParam.pipe(z.number().int().min(0).max(18)),
  logo: z.string().max(500).default(''),
  whitepaper: z.string().max(500).default(''),
  website: z.string().max(500).default(''),
  descriptions: descriptionsSchema.default({}),
  /** Payment per whole token, per payable currency id. */
  prices: z
    .array(z.strictObject({ currency_id: positiveIntParam, price: amountText }))
    .min(1)
    .max(5),
  issuance: amountText,
  min_per_user: amountText,
  max_per_user: amountText,
  starts_at: intParam.pipe(z.number().int().positive()),
  ends_at: intParam.pipe(z.number().int().positive()),
  lock_days: intParam.pipe(z.number().int().min(0).max(3650)),
  listing_at: intParam.pipe(z.number().int().positive()),
});
export type AdminIeoProjectCreateBody = z.input<typeof adminIeoProjectCreateBodySchema>;
export type AdminIeoProjectCreate = z.output<typeof adminIeoProjectCreateBodySchema>;

export const adminIeoProjectCreateRoute = postRoute('/admin/ieo/projects/create', {
  policy: { staff: ['admin'] },
  body: adminIeoProjectCreateBodySchema,
  reply: ieoProjectSchema,
});

/**
 * Console: open the spot pair `<symbol>/USDT` once the listing time has come (admin, audited).
 * `reference_price` (USDT per whole token) is recorded as the pair's first tick; the market maker
 * quotes around it. `maker_inventory` tokens (default 0) move from the project's issuance account
 * (the unallocated remainder) to the maker by a recorded entry.
 */
export const adminIeoProjectListBodySchema = z.strictObject({
  project_id: positiveIntParam,
  reference_price: amountText,
  maker_inventory: amountText.default('0'),
});
export type AdminIeoProjectListBody = z.input<typeof adminIeoProjectListBodySchema>;

export const adminIeoProjectListRoute = postRoute('/admin/ieo/projects/list', {
  policy: { staff: ['admin'] },
  body: adminIeoProjectListBodySchema,
  reply: ieoProjectSchema,
});
