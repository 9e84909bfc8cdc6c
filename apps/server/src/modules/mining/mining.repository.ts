/** The mining module's SQL: products, orders, dividends, and the reserves' ledger balances. */
import type { MiningCategory } from '@fairex/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';

export type ProductRecord = {
  readonly id: number;
  readonly category: MiningCategory;
  readonly names: Record<string, string>;
  readonly currencyId: number;
  readonly dailyRatePpm: bigint;
  readonly days: number;
  readonly minAmount: bigint;
  readonly maxAmount: bigint;
  readonly capacity: bigint;
  readonly subscribed: bigint;
  readonly dividendMinute: number;
  readonly penaltyRatePpm: bigint;
  readonly active: boolean;
};

export type ProductTerms = Omit<ProductRecord, 'id' | 'subscribed'>;

type ProductRow = {
  id: number;
  category: MiningCategory;
  names: Record<string, string>;
  currency_id: number;
  daily_rate_ppm: string;
  days: number;
  min_amount: string;
  max_amount: string;
  capacity: string;
  subscribed: string;
  dividend_minute: number;
  penalty_rate_ppm: string;
  active: boolean;
};

function productOf(row: ProductRow): ProductRecord {
  return {
    id: Number(row.id),
    category: row.category,
    names: row.names,
    currencyId: Number(row.currency_id),
    dailyRatePpm: BigInt(row.daily_rate_ppm),
    days: Number(row.days),
    minAmount: BigInt(row.min_amount),
    maxAmount: BigInt(row.max_amount),
    capacity: BigInt(row.capacity),
    subscribed: BigInt(row.subscribed),
    dividendMinute: Number(row.dividend_minute),
    penaltyRatePpm: BigInt(row.penalty_rate_ppm),
    active: row.active,
  };
}

const productColumns = sql.raw(
  `id, category, names, currency_id, daily_rate_ppm::text, days, min_amount::text, max_amount::text,
   capacity::text, subscribed::text, dividend_minute, penalty_rate_ppm::text, active`,
);

export async function listProducts(db: Database, category?: MiningCategory): Promise<ProductRecord[]> {
  const rows = await rowsOf<ProductRow>(
    db,
    category
      ? sql`select ${productColumns} from mining_products where category = ${category} order by id`
      : sql`select ${productColumns} from mining_products order by id`,
  );
  return rows.map(productOf);
}

/** One product; `update` locks it (subscriptions are checked against capacity under this lock). */
export async function productById(db: Database, id: number, lock?: 'update'): Promise<ProductRecord | null> {
  const [row] = await rowsOf<ProductRow>(
    db,
    lock
      ? sql`select ${productColumns} from mining_products where id = ${id} for update`
      : sql`select ${productColumns} from mining_products where id = ${id}`,
  );
  return row ? productOf(row) : null;
}

export async function insertProduct(db: Database, terms: ProductTerms, at: Date): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into mining_products (category, names, currency_id, daily_rate_ppm, days, min_amount,
          max_amount, capacity, dividend_minute, penalty_rate_ppm, active, created_at, updated_at)
        values (${terms.category}, ${JSON.stringify(terms.names)}::jsonb, ${terms.currencyId},
          ${terms.dailyRatePpm.toString()}::bigint, ${terms.days}, ${terms.minAmount.toString()}::numeric,
          ${terms.maxAmount.toString()}::numeric, ${terms.capacity.toString()}::numeric, ${terms.dividendMinute},
          ${terms.penaltyRatePpm.toString()}::bigint, ${terms.active}, ${at.toISOString()}::timestamptz,
          ${at.toISOString()}::timestamptz)
        returning id`,
  );
  return Number(row?.id);
}

/** Changes the terms of new subscriptions; the currency of a product never changes. */
export async function updateProduct(db: Database, id: number, terms: ProductTerms, at: Date): Promise<void> {
  await db.execute(
    sql`update mining_products set category = ${terms.category}, names = ${JSON.stringify(terms.names)}::jsonb,
          daily_rate_ppm = ${terms.dailyRatePpm.toString()}::bigint, days = ${terms.days},
          min_amount = ${terms.minAmount.toString()}::numeric, max_amount = ${terms.maxAmount.toString()}::numeric,
          capacity = ${terms.capacity.toString()}::numeric, dividend_minute = ${terms.dividendMinute},
          penalty_rate_ppm = ${terms.penaltyRatePpm.toString()}::bigint, active = ${terms.active},
          updated_at = ${at.toISOString()}::timestamptz
        where id = ${id}`,
  );
}

export async function addSubscribed(db: Database, id: number, delta: bigint): Promise<void> {
  await db.execute(
    sql`update mining_products set subscribed = subscribed + ${delta.toString()}::numeric where id = ${id}`,
  );
}

export type ReserveBalance = { readonly balance: bigint; readonly held: bigint };

/** The reserves' balances and holds by account name (absent until first funded). */
export async function reserveBalances(
  db: Database,
  names: readonly string[],
): Promise<Map<string, ReserveBalance>> {
  if (names.length === 0) return new Map();
  const rows = await rowsOf<{ system_name: string; balance: string; held: string }>(
    db,
    sql`select system_name, balance::text, held::text from ledger_accounts
        where system_name in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})`,
  );
  return new Map(
    rows.map((row) => [row.system_name, { balance: BigInt(row.balance), held: BigInt(row.held) }]),
  );
}

export type OrderRecord = {
  readonly id: bigint;
  readonly productId: number;
  readonly userId: number;
  readonly currencyId: number;
  readonly amount: bigint;
  readonly dailyRatePpm: bigint;
  readonly days: number;
  readonly penaltyRatePpm: bigint;
  readonly dividendMinute: number;
  readonly subscribedAt: Date;
  readonly principalHoldId: bigint;
  readonly reserveHoldId: bigint | null;
  readonly paidDays: number;
  readonly state: 'in_progress' | 'redeemed';
  readonly early: boolean;
  readonly redeemedAt: Date | null;
  readonly penalty: bigint | null;
  readonly returned: bigint | null;
};

type OrderRow = {
  id: string;
  product_id: number;
  user_id: number;
  currency_id: number;
  amount: string;
  daily_rate_ppm: string;
  days: number;
  penalty_rate_ppm: string;
  dividend_minute: number;
  subscribed_at: Date | string;
  principal_hold_id: string;
  reserve_hold_id: string | null;
  paid_days: number;
  state: 'in_progress' | 'redeemed';
  early: boolean;
  redeemed_at: Date | string | null;
  penalty: string | null;
  returned: string | null;
};

function orderOf(row: OrderRow): OrderRecord {
  return {
    id: BigInt(row.id),
    productId: Number(row.product_id),
    userId: Number(row.user_id),
    currencyId: Number(row.currency_id),
    amount: BigInt(row.amount),
    dailyRatePpm: BigInt(row.daily_rate_ppm),
    days: Number(row.days),
    penaltyRatePpm: BigInt(row.penalty_rate_ppm),
    dividendMinute: Number(row.dividend_minute),
    subscribedAt: new Date(row.subscribed_at),
    principalHoldId: BigInt(row.principal_hold_id),
    reserveHoldId: row.reserve_hold_id === null ? null : BigInt(row.reserve_hold_id),
    paidDays: Number(row.paid_days),
    state: row.state,
    early: row.early,
    redeemedAt: row.redeemed_at === null ? null : new Date(row.redeemed_at),
    penalty: row.penalty === null ? null : BigInt(row.penalty),
    returned: row.returned === null ? null : BigInt(row.returned),
  };
}

const orderColumns = sql.raw(
  `id::text, product_id, user_id, currency_id, amount::text, daily_rate_ppm::text, days, penalty_rate_ppm::text,
   dividend_minute, subscribed_at, principal_hold_id::text, reserve_hold_id::text, paid_days, state, early,
   redeemed_at, penalty::text, returned::text`,
);

export async function nextOrderId(db: Database): Promise<bigint> {
  const [row] = await rowsOf<{ id: string }>(db, sql`select nextval('mining_orders_id_seq')::text as id`);
  return BigInt(row?.id ?? '0');
}

export async function insertOrder(
  db: Database,
  order: Omit<OrderRecord, 'paidDays' | 'state' | 'early' | 'redeemedAt' | 'penalty' | 'returned'>,
): Promise<void> {
  await db.execute(
    sql`insert into mining_orders (id, product_id, user_id, currency_id, amount, daily_rate_ppm, days,
          penalty_rate_ppm, dividend_minute, subscribed_at, principal_hold_id, reserve_hold_id, state)
        values (${order.id.toString()}::bigint, ${order.productId}, ${order.userId}, ${order.currencyId},
          ${order.amount.toString()}::numeric, ${order.dailyRatePpm.toString()}::bigint, ${order.days},
          ${order.penaltyRatePpm.toString()}::bigint, ${order.dividendMinute},
          ${order.subscribedAt.toISOString()}::timestamptz, ${order.principalHoldId.toString()}::bigint,
          ${order.reserveHoldId === null ? null : order.reserveHoldId.toString()}::bigint, 'in_progress')`,
  );
}

/** One order; `update` locks it (a dividend and a redemption of the same order take turns). */
export async function orderById(db: Database, id: bigint, lock?: 'update'): Promise<OrderRecord | null> {
  const [row] = await rowsOf<OrderRow>(
    db,
    lock
      ? sql`select ${orderColumns} from mining_orders where id = ${id.toString()}::bigint for update`
      : sql`select ${orderColumns} from mining_orders where id = ${id.toString()}::bigint`,
  );
  return row ? orderOf(row) : null;
}

export async function ordersOfUser(
  db: Database,
  params: { readonly userId: number; readonly offset: number; readonly limit: number },
): Promise<{ list: OrderRecord[]; total: number }> {
  const rows = await rowsOf<OrderRow>(
    db,
    sql`select ${orderColumns} from mining_orders where user_id = ${params.userId}
        order by id desc limit ${params.limit} offset ${params.offset}`,
  );
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from mining_orders where user_id = ${params.userId}`,
  );
  return { list: rows.map(orderOf), total: Number(count?.total ?? 0) };
}

export type DividendRecord = { readonly day: number; readonly amount: bigint; readonly paidAt: Date };

export async function dividendsOf(
  db: Database,
  orderIds: readonly bigint[],
): Promise<Map<string, DividendRecord[]>> {
  const result = new Map<string, DividendRecord[]>();
  if (orderIds.length === 0) return result;
  const rows = await rowsOf<{ order_id: string; day: number; amount: string; paid_at: Date | string }>(
    db,
    sql`select order_id::text, day, amount::text, paid_at from mining_dividends
        where order_id in (${sql.join(
          orderIds.map((id) => sql`${id.toString()}::bigint`),
          sql`, `,
        )}) order by order_id, day`,
  );
  for (const row of rows) {
    const list = result.get(row.order_id) ?? [];
    list.push({ day: Number(row.day), amount: BigInt(row.amount), paidAt: new Date(row.paid_at) });
    result.set(row.order_id, list);
  }
  return result;
}

export async function recordDividend(
  db: Database,
  dividend: { orderId: bigint; day: number; amount: bigint; paidAt: Date; entryId: bigint; last: boolean },
): Promise<void> {
  await db.execute(
    sql`insert into mining_dividends (order_id, day, amount, paid_at, entry_id)
        values (${dividend.orderId.toString()}::bigint, ${dividend.day}, ${dividend.amount.toString()}::numeric,
          ${dividend.paidAt.toISOString()}::timestamptz, ${dividend.entryId.toString()}::bigint)`,
  );
  await db.execute(
    dividend.last
      ? sql`update mining_orders set paid_days = ${dividend.day}, state = 'redeemed',
              redeemed_at = ${dividend.paidAt.toISOString()}::timestamptz, penalty = 0, returned = amount
            where id = ${dividend.orderId.toString()}::bigint`
      : sql`update mining_orders set paid_days = ${dividend.day} where id = ${dividend.orderId.toString()}::bigint`,
  );
}

export async function markRedeemedEarly(
  db: Database,
  params: { id: bigint; at: Date; penalty: bigint; returned: bigint },
): Promise<void> {
  await db.execute(
    sql`update mining_orders set state = 'redeemed', early = true, redeemed_at = ${params.at.toISOString()}::timestamptz,
          penalty = ${params.penalty.toString()}::numeric, returned = ${params.returned.toString()}::numeric
        where id = ${params.id.toString()}::bigint and state = 'in_progress'`,
  );
}
