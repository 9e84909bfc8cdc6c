/** The dual module's SQL: products, orders, and the reserves' ledger balances. */
import type { DualDirection } from '@fairex/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';

export type ProductRecord = {
  readonly id: number;
  readonly names: Record<string, string>;
  readonly instrumentId: number;
  readonly pair: string;
  readonly baseCurrencyId: number;
  readonly quoteCurrencyId: number;
  readonly direction: DualDirection;
  readonly linkedPrice: bigint;
  readonly annualRatePpm: bigint;
  readonly days: number;
  readonly settleAt: Date;
  readonly unitPrice: bigint;
  readonly minShares: number;
  readonly maxShares: number;
  readonly totalShares: number;
  readonly soldShares: number;
  readonly active: boolean;
};

export type ProductTerms = Omit<ProductRecord, 'id' | 'soldShares'>;

type ProductRow = {
  id: number;
  names: Record<string, string>;
  instrument_id: number;
  pair: string;
  base_currency_id: number;
  quote_currency_id: number;
  direction: DualDirection;
  linked_price: string;
  annual_rate_ppm: string;
  days: number;
  settle_at: Date | string;
  unit_price: string;
  min_shares: number;
  max_shares: number;
  total_shares: number;
  sold_shares: number;
  active: boolean;
};

function productOf(row: ProductRow): ProductRecord {
  return {
    id: Number(row.id),
    names: row.names,
    instrumentId: Number(row.instrument_id),
    pair: row.pair,
    baseCurrencyId: Number(row.base_currency_id),
    quoteCurrencyId: Number(row.quote_currency_id),
    direction: row.direction,
    linkedPrice: BigInt(row.linked_price),
    annualRatePpm: BigInt(row.annual_rate_ppm),
    days: Number(row.days),
    settleAt: new Date(row.settle_at),
    unitPrice: BigInt(row.unit_price),
    minShares: Number(row.min_shares),
    maxShares: Number(row.max_shares),
    totalShares: Number(row.total_shares),
    soldShares: Number(row.sold_shares),
    active: row.active,
  };
}

const productColumns = sql.raw(
  `id, names, instrument_id, pair, base_currency_id, quote_currency_id, direction, linked_price::text,
   annual_rate_ppm::text, days, settle_at, unit_price::text, min_shares, max_shares, total_shares,
   sold_shares, active`,
);

export async function listProducts(
  db: Database,
  filter: {
    readonly baseCurrencyId?: number | undefined;
    readonly direction?: DualDirection | undefined;
  } = {},
): Promise<ProductRecord[]> {
  const conditions = [sql`true`];
  if (filter.baseCurrencyId !== undefined) conditions.push(sql`base_currency_id = ${filter.baseCurrencyId}`);
  if (filter.direction !== undefined) conditions.push(sql`direction = ${filter.direction}`);
  const rows = await rowsOf<ProductRow>(
    db,
    sql`select ${productColumns} from dual_products where ${sql.join(conditions, sql` and `)}
        order by settle_at, id`,
  );
  return rows.map(productOf);
}

/** One product; `update` locks it (orders are checked against the shares left under this lock). */
export async function productById(db: Database, id: number, lock?: 'update'): Promise<ProductRecord | null> {
  const [row] = await rowsOf<ProductRow>(
    db,
    lock
      ? sql`select ${productColumns} from dual_products where id = ${id} for update`
      : sql`select ${productColumns} from dual_products where id = ${id}`,
  );
  return row ? productOf(row) : null;
}

export async function insertProduct(db: Database, terms: ProductTerms, at: Date): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into dual_products (names, instrument_id, pair, base_currency_id, quote_currency_id, direction,
          linked_price, annual_rate_ppm, days, settle_at, unit_price, min_shares, max_shares, total_shares,
          active, created_at, updated_at)
        values (${JSON.stringify(terms.names)}::jsonb, ${terms.instrumentId}, ${terms.pair},
          ${terms.baseCurrencyId}, ${terms.quoteCurrencyId}, ${terms.direction},
          ${terms.linkedPrice.toString()}::numeric, ${terms.annualRatePpm.toString()}::bigint, ${terms.days},
          ${terms.settleAt.toISOString()}::timestamptz, ${terms.unitPrice.toString()}::numeric,
          ${terms.minShares}, ${terms.maxShares}, ${terms.totalShares}, ${terms.active},
          ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
        returning id`,
  );
  return Number(row?.id);
}

/** Changes the terms of new orders; the pair of a product never changes. */
export async function updateProduct(db: Database, id: number, terms: ProductTerms, at: Date): Promise<void> {
  await db.execute(
    sql`update dual_products set names = ${JSON.stringify(terms.names)}::jsonb, direction = ${terms.direction},
          linked_price = ${terms.linkedPrice.toString()}::numeric,
          annual_rate_ppm = ${terms.annualRatePpm.toString()}::bigint, days = ${terms.days},
          settle_at = ${terms.settleAt.toISOString()}::timestamptz, unit_price = ${terms.unitPrice.toString()}::numeric,
          min_shares = ${terms.minShares}, max_shares = ${terms.maxShares}, total_shares = ${terms.totalShares},
          active = ${terms.active}, updated_at = ${at.toISOString()}::timestamptz
        where id = ${id}`,
  );
}

export async function addSold(db: Database, id: number, shares: number): Promise<void> {
  await db.execute(sql`update dual_products set sold_shares = sold_shares + ${shares} where id = ${id}`);
}

export type ReserveBalance = { readonly balance: bigint; readonly held: bigint };

/** A reserve's balance and holds per currency (absent until first funded). */
export async function reserveBalances(db: Database, name: string): Promise<Map<number, ReserveBalance>> {
  const rows = await rowsOf<{ currency_id: number; balance: string; held: string }>(
    db,
    sql`select currency_id, balance::text, held::text from ledger_accounts where system_name = ${name}`,
  );
  return new Map(
    rows.map((row) => [Number(row.currency_id), { balance: BigInt(row.balance), held: BigInt(row.held) }]),
  );
}

export type OrderState = 'purchased' | 'success' | 'fail';

export type OrderRecord = {
  readonly id: bigint;
  readonly productId: number;
  readonly userId: number;
  readonly instrumentId: number;
  readonly baseCurrencyId: number;
  readonly quoteCurrencyId: number;
  readonly direction: DualDirection;
  readonly shares: number;
  readonly amount: bigint;
  readonly linkedPrice: bigint;
  readonly annualRatePpm: bigint;
  readonly days: number;
  readonly settleAt: Date;
  readonly createdAt: Date;
  readonly principalHoldId: bigint;
  readonly baseHoldId: bigint | null;
  readonly quoteHoldId: bigint | null;
  readonly state: OrderState;
  readonly failReason: string | null;
  readonly settleTickId: bigint | null;
  readonly settlePrice: string | null;
  readonly settleTickAt: Date | null;
  readonly payoutSide: 'base' | 'quote' | null;
  readonly payout: bigint | null;
  readonly settledAt: Date | null;
};

type OrderRow = {
  id: string;
  product_id: number;
  user_id: number;
  instrument_id: number;
  base_currency_id: number;
  quote_currency_id: number;
  direction: DualDirection;
  shares: number;
  amount: string;
  linked_price: string;
  annual_rate_ppm: string;
  days: number;
  settle_at: Date | string;
  created_at: Date | string;
  principal_hold_id: string;
  base_hold_id: string | null;
  quote_hold_id: string | null;
  state: OrderState;
  fail_reason: string | null;
  settle_tick_id: string | null;
  settle_price: string | null;
  settle_tick_at: Date | string | null;
  payout_side: 'base' | 'quote' | null;
  payout: string | null;
  settled_at: Date | string | null;
};

const bigOrNull = (text: string | null) => (text === null ? null : BigInt(text));
const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

function orderOf(row: OrderRow): OrderRecord {
  return {
    id: BigInt(row.id),
    productId: Number(row.product_id),
    userId: Number(row.user_id),
    instrumentId: Number(row.instrument_id),
    baseCurrencyId: Number(row.base_currency_id),
    quoteCurrencyId: Number(row.quote_currency_id),
    direction: row.direction,
    shares: Number(row.shares),
    amount: BigInt(row.amount),
    linkedPrice: BigInt(row.linked_price),
    annualRatePpm: BigInt(row.annual_rate_ppm),
    days: Number(row.days),
    settleAt: new Date(row.settle_at),
    createdAt: new Date(row.created_at),
    principalHoldId: BigInt(row.principal_hold_id),
    baseHoldId: bigOrNull(row.base_hold_id),
    quoteHoldId: bigOrNull(row.quote_hold_id),
    state: row.state,
    failReason: row.fail_reason,
    settleTickId: bigOrNull(row.settle_tick_id),
    settlePrice: row.settle_price,
    settleTickAt: dateOrNull(row.settle_tick_at),
    payoutSide: row.payout_side,
    payout: bigOrNull(row.payout),
    settledAt: dateOrNull(row.settled_at),
  };
}

const orderColumns = sql.raw(
  `id::text, product_id, user_id, instrument_id, base_currency_id, quote_currency_id, direction, shares,
   amount::text, linked_price::text, annual_rate_ppm::text, days, settle_at, created_at,
   principal_hold_id::text, base_hold_id::text, quote_hold_id::text, state, fail_reason,
   settle_tick_id::text, settle_price, settle_tick_at, payout_side, payout::text, settled_at`,
);

export async function nextOrderId(db: Database): Promise<bigint> {
  const [row] = await rowsOf<{ id: string }>(db, sql`select nextval('dual_orders_id_seq')::text as id`);
  return BigInt(row?.id ?? '0');
}

export async function insertOrder(
  db: Database,
  order: Omit<
    OrderRecord,
    | 'state'
    | 'failReason'
    | 'settleTickId'
    | 'settlePrice'
    | 'settleTickAt'
    | 'payoutSide'
    | 'payout'
    | 'settledAt'
  >,
): Promise<void> {
  const holdText = (id: bigint | null) => (id === null ? null : id.toString());
  await db.execute(
    sql`insert into dual_orders (id, product_id, user_id, instrument_id, base_currency_id, quote_currency_id,
          direction, shares, amount, linked_price, annual_rate_ppm, days, settle_at, created_at,
          principal_hold_id, base_hold_id, quote_hold_id, state)
        values (${order.id.toString()}::bigint, ${order.productId}, ${order.userId}, ${order.instrumentId},
          ${order.baseCurrencyId}, ${order.quoteCurrencyId}, ${order.direction}, ${order.shares},
          ${order.amount.toString()}::numeric, ${order.linkedPrice.toString()}::numeric,
          ${order.annualRatePpm.toString()}::bigint, ${order.days}, ${order.settleAt.toISOString()}::timestamptz,
          ${order.createdAt.toISOString()}::timestamptz, ${order.principalHoldId.toString()}::bigint,
          ${holdText(order.baseHoldId)}::bigint, ${holdText(order.quoteHoldId)}::bigint, 'purchased')`,
  );
}

/** One order; `update` locks it (its settlement takes it once). */
export async function orderById(db: Database, id: bigint, lock?: 'update'): Promise<OrderRecord | null> {
  const [row] = await rowsOf<OrderRow>(
    db,
    lock
      ? sql`select ${orderColumns} from dual_orders where id = ${id.toString()}::bigint for update`
      : sql`select ${orderColumns} from dual_orders where id = ${id.toString()}::bigint`,
  );
  return row ? orderOf(row) : null;
}

export async function listOrders(
  db: Database,
  params: { readonly userId?: number; readonly offset: number; readonly limit: number },
): Promise<{ list: OrderRecord[]; total: number }> {
  const where = params.userId === undefined ? sql`true` : sql`user_id = ${params.userId}`;
  const rows = await rowsOf<OrderRow>(
    db,
    sql`select ${orderColumns} from dual_orders where ${where}
        order by id desc limit ${params.limit} offset ${params.offset}`,
  );
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from dual_orders where ${where}`,
  );
  return { list: rows.map(orderOf), total: Number(count?.total ?? 0) };
}

export async function markSettled(
  db: Database,
  params: {
    id: bigint;
    tick: { id: bigint; price: string; at: Date };
    side: 'base' | 'quote';
    payout: bigint;
    at: Date;
  },
): Promise<void> {
  await db.execute(
    sql`update dual_orders set state = 'success', settle_tick_id = ${params.tick.id.toString()}::bigint,
          settle_price = ${params.tick.price}, settle_tick_at = ${params.tick.at.toISOString()}::timestamptz,
          payout_side = ${params.side}, payout = ${params.payout.toString()}::numeric,
          settled_at = ${params.at.toISOString()}::timestamptz
        where id = ${params.id.toString()}::bigint and state = 'purchased'`,
  );
}

export async function markFailed(
  db: Database,
  params: { id: bigint; reason: string; at: Date },
): Promise<void> {
  await db.execute(
    sql`update dual_orders set state = 'fail', fail_reason = ${params.reason},
          settled_at = ${params.at.toISOString()}::timestamptz
        where id = ${params.id.toString()}::bigint and state = 'purchased'`,
  );
}
