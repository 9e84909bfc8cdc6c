/** Reads and writes of the spot tables; the actor writes a whole round in one transaction. */
import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { integerArray, textArray } from '../../platform/db/sql-arrays';
import { spotMarkets, spotOrders, spotTrades } from './spot.schema';

export type OrderRow = typeof spotOrders.$inferSelect;
export type NewOrderRow = typeof spotOrders.$inferInsert;
export type TradeRow = typeof spotTrades.$inferSelect;
export type NewTradeRow = typeof spotTrades.$inferInsert;

export type MarketRow = {
  instrumentId: number;
  symbol: string;
  base: string;
  quote: string;
  tickSize: string;
  lotSize: string;
  priceDecimals: number;
  baseCurrencyId: number;
  quoteCurrencyId: number;
  baseScale: number;
  quoteScale: number;
  makerFeeRate: string;
  takerFeeRate: string;
  priceBand: string;
  status: 'trading' | 'paused';
};

type Rows<T> = { rows: T[] };
async function rowsOf<T>(db: Database, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as Rows<T>).rows;
}

/**
 * Every spot instrument whose base and quote are both ledger currencies becomes a pair (once):
 * no fees on BTC pairs (the headline claim), 0.1 % maker and taker elsewhere, a 10 % band.
 */
export async function seedSpotMarkets(db: Database): Promise<void> {
  await db.execute(
    sql`insert into spot_markets (instrument_id, base_currency_id, quote_currency_id, maker_fee_rate, taker_fee_rate, price_band, status)
        select i.id, b.id, q.id,
               case when b.code = 'BTC' then 0 else 0.001 end,
               case when b.code = 'BTC' then 0 else 0.001 end,
               0.10, 'trading'
        from instruments i
        join currencies b on b.code = i.base
        join currencies q on q.code = i.quote
        where i.kind = 'spot'
        on conflict (instrument_id) do nothing`,
  );
}

export async function loadMarkets(db: Database): Promise<MarketRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select m.instrument_id, i.symbol, i.base, i.quote, i.tick_size::text, i.lot_size::text, i.price_decimals,
               m.base_currency_id, m.quote_currency_id, b.scale as base_scale, q.scale as quote_scale,
               m.maker_fee_rate::text, m.taker_fee_rate::text, m.price_band::text,
               case when m.status = 'paused' or i.status = 'paused' then 'paused' else 'trading' end as status
        from spot_markets m
        join instruments i on i.id = m.instrument_id
        join currencies b on b.id = m.base_currency_id
        join currencies q on q.id = m.quote_currency_id
        order by i.sort_order, i.id`,
  );
  return rows.map((row) => ({
    instrumentId: Number(row.instrument_id),
    symbol: String(row.symbol),
    base: String(row.base),
    quote: String(row.quote),
    tickSize: String(row.tick_size),
    lotSize: String(row.lot_size),
    priceDecimals: Number(row.price_decimals),
    baseCurrencyId: Number(row.base_currency_id),
    quoteCurrencyId: Number(row.quote_currency_id),
    baseScale: Number(row.base_scale),
    quoteScale: Number(row.quote_scale),
    makerFeeRate: String(row.maker_fee_rate),
    takerFeeRate: String(row.taker_fee_rate),
    priceBand: String(row.price_band),
    status: row.status === 'paused' ? 'paused' : 'trading',
  }));
}

/** Open orders of a pair in the order they entered the book. */
export function openOrderRows(db: Database, instrumentId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(spotOrders)
    .where(and(eq(spotOrders.instrumentId, instrumentId), eq(spotOrders.status, 'open')))
    .orderBy(asc(spotOrders.seq));
}

/** Takes `n` ids of a table's identity sequence (ids of a failed round are simply skipped). */
export async function allocateIds(
  tx: Database,
  table: 'spot_orders' | 'spot_trades',
  n: number,
): Promise<number[]> {
  if (n === 0) return [];
  const sequence = table === 'spot_orders' ? 'spot_orders_id_seq' : 'spot_trades_id_seq';
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`select nextval(${sequence})::text as id from generate_series(1, ${n}::int)`,
  );
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** Earlier orders placed with these (user, Idempotency-Key) pairs. */
export async function ordersByIdempotencyKeys(
  tx: Database,
  keys: readonly { userId: number; key: string }[],
): Promise<OrderRow[]> {
  if (keys.length === 0) return [];
  return tx
    .select()
    .from(spotOrders)
    .where(
      or(
        ...keys.map(({ userId, key }) =>
          and(eq(spotOrders.userId, userId), eq(spotOrders.idempotencyKey, key)),
        ),
      ),
    );
}

/** The insert of a round's new orders (one array per column); null for none. */
function insertOrdersSql(rows: readonly NewOrderRow[]): SQL | null {
  if (rows.length === 0) return null;
  const text = (pick: (row: NewOrderRow) => string | null | undefined) =>
    textArray(rows.map((row) => pick(row) ?? null));
  return sql`insert into spot_orders (id, user_id, instrument_id, side, kind, time_in_force, price, amount, filled,
                                 notional_exact, fee_exact, turnover, fee, hold_amount, maker_fee_rate,
                                 taker_fee_rate, hold_id, status, done_reason, idempotency_key, tick_id, seq,
                                 created_at, updated_at)
        select * from unnest(
          ${integerArray(rows.map((row) => row.id ?? 0))}::bigint[], ${integerArray(rows.map((row) => row.userId))}::int[],
          ${integerArray(rows.map((row) => row.instrumentId))}::int[], ${text((row) => row.side)}::text[],
          ${text((row) => row.kind)}::text[], ${text((row) => row.timeInForce)}::text[],
          ${text((row) => row.price)}::numeric[], ${text((row) => row.amount)}::numeric[],
          ${text((row) => row.filled)}::numeric[], ${text((row) => row.notionalExact)}::numeric[],
          ${text((row) => row.feeExact)}::numeric[], ${text((row) => row.turnover)}::numeric[],
          ${text((row) => row.fee)}::numeric[], ${text((row) => row.holdAmount)}::numeric[],
          ${text((row) => row.makerFeeRate)}::numeric[], ${text((row) => row.takerFeeRate)}::numeric[],
          ${integerArray(rows.map((row) => row.holdId))}::bigint[], ${text((row) => row.status)}::text[],
          ${text((row) => row.doneReason)}::text[], ${text((row) => row.idempotencyKey)}::text[],
          ${text((row) => (row.tickId == null ? null : String(row.tickId)))}::bigint[],
          ${integerArray(rows.map((row) => row.seq))}::bigint[],
          ${text((row) => row.createdAt.toISOString())}::timestamptz[],
          ${text((row) => row.updatedAt.toISOString())}::timestamptz[])`;
}

/** The fields a round changes on an order already stored. */
export type OrderUpdate = Pick<
  OrderRow,
  'id' | 'filled' | 'notionalExact' | 'feeExact' | 'turnover' | 'fee' | 'status' | 'doneReason' | 'updatedAt'
>;

/** The update of every changed order of a round; null for none. */
function updateOrdersSql(updates: readonly OrderUpdate[]): SQL | null {
  if (updates.length === 0) return null;
  const array = (values: readonly (string | number | null)[]) =>
    `{${values.map((value) => (value === null ? 'NULL' : `"${value}"`)).join(',')}}`;
  return sql`update spot_orders o set filled = u.filled, notional_exact = u.notional_exact, fee_exact = u.fee_exact,
               turnover = u.turnover, fee = u.fee, status = u.status, done_reason = u.done_reason,
               updated_at = u.updated_at
        from unnest(${array(updates.map((u) => u.id))}::bigint[], ${array(updates.map((u) => u.filled))}::numeric[],
                    ${array(updates.map((u) => u.notionalExact))}::numeric[], ${array(updates.map((u) => u.feeExact))}::numeric[],
                    ${array(updates.map((u) => u.turnover))}::numeric[], ${array(updates.map((u) => u.fee))}::numeric[],
                    ${array(updates.map((u) => u.status))}::text[], ${array(updates.map((u) => u.doneReason))}::text[],
                    ${array(updates.map((u) => u.updatedAt.toISOString()))}::timestamptz[])
             as u(id, filled, notional_exact, fee_exact, turnover, fee, status, done_reason, updated_at)
        where o.id = u.id`;
}

/** The insert of a round's trades (one array per column); null for none. */
function insertTradesSql(rows: readonly NewTradeRow[]): SQL | null {
  if (rows.length === 0) return null;
  const text = (pick: (row: NewTradeRow) => string | null | undefined) =>
    textArray(rows.map((row) => pick(row) ?? null));
  const bigints = (pick: (row: NewTradeRow) => bigint | null | undefined) =>
    text((row) => {
      const value = pick(row);
      return value == null ? null : String(value);
    });
  return sql`insert into spot_trades (id, instrument_id, maker_order_id, taker_order_id, maker_user_id, taker_user_id,
                                 taker_side, price, amount, turnover, buyer_paid, seller_received, maker_fee,
                                 taker_fee, tick_id, quote_entry_id, base_entry_id, created_at)
        select * from unnest(
          ${integerArray(rows.map((row) => row.id ?? 0))}::bigint[], ${integerArray(rows.map((row) => row.instrumentId))}::int[],
          ${integerArray(rows.map((row) => row.makerOrderId))}::bigint[], ${integerArray(rows.map((row) => row.takerOrderId))}::bigint[],
          ${integerArray(rows.map((row) => row.makerUserId))}::int[], ${integerArray(rows.map((row) => row.takerUserId))}::int[],
          ${text((row) => row.takerSide)}::text[], ${text((row) => row.price)}::numeric[],
          ${text((row) => row.amount)}::numeric[], ${text((row) => row.turnover)}::numeric[],
          ${text((row) => row.buyerPaid)}::numeric[], ${text((row) => row.sellerReceived)}::numeric[],
          ${text((row) => row.makerFee)}::numeric[], ${text((row) => row.takerFee)}::numeric[],
          ${bigints((row) => row.tickId)}::bigint[], ${bigints((row) => row.quoteEntryId)}::bigint[],
          ${bigints((row) => row.baseEntryId)}::bigint[],
          ${text((row) => row.createdAt.toISOString())}::timestamptz[])`;
}

/**
 * What a round writes besides the ledger: new orders, changed orders and trades, as statements
 * sent together (data-modifying CTEs; different rows each: the updates never name an order created
 * in the same round). The actor sends them with the fills' ledger batch, or alone.
 */
export function roundWrites(round: {
  created: readonly NewOrderRow[];
  updated: readonly OrderUpdate[];
  trades: readonly NewTradeRow[];
}): SQL[] {
  return [
    insertOrdersSql(round.created),
    updateOrdersSql(round.updated),
    insertTradesSql(round.trades),
  ].filter((part): part is SQL => part !== null);
}

export async function findOrder(db: Database, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(spotOrders).where(eq(spotOrders.id, id));
  return row ?? null;
}

/** A user's orders: doing = open, complete = the rest; newest first. */
export async function listUserOrders(
  db: Database,
  params: {
    userId: number;
    status: 'doing' | 'complete';
    instrumentIds: readonly number[] | null;
    limit: number;
    offset: number;
  },
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = and(
    eq(spotOrders.userId, params.userId),
    params.status === 'doing' ? eq(spotOrders.status, 'open') : ne(spotOrders.status, 'open'),
    params.instrumentIds ? inArray(spotOrders.instrumentId, [...params.instrumentIds]) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(spotOrders)
      .where(where)
      .orderBy(desc(spotOrders.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ total: count() }).from(spotOrders).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

/** The trades an order took part in, oldest first. */
export function tradesOfOrder(db: Database, orderId: number): Promise<TradeRow[]> {
  return db
    .select()
    .from(spotTrades)
    .where(or(eq(spotTrades.makerOrderId, orderId), eq(spotTrades.takerOrderId, orderId)))
    .orderBy(asc(spotTrades.id));
}

export function recentTradeRows(db: Database, instrumentId: number, limit: number): Promise<TradeRow[]> {
  return db
    .select()
    .from(spotTrades)
    .where(eq(spotTrades.instrumentId, instrumentId))
    .orderBy(desc(spotTrades.id))
    .limit(limit);
}

/** Sets a pair's fee rates (fractions as text); returns the rates it replaces, or null. */
export async function setSpotFeeRates(
  tx: Database,
  params: { instrumentId: number; makerFeeRate: string; takerFeeRate: string },
): Promise<{ makerFeeRate: string; takerFeeRate: string } | null> {
  const [before] = await tx
    .select({ makerFeeRate: spotMarkets.makerFeeRate, takerFeeRate: spotMarkets.takerFeeRate })
    .from(spotMarkets)
    .where(eq(spotMarkets.instrumentId, params.instrumentId))
    .for('update');
  if (!before) return null;
  await tx
    .update(spotMarkets)
    .set({ makerFeeRate: params.makerFeeRate, takerFeeRate: params.takerFeeRate })
    .where(eq(spotMarkets.instrumentId, params.instrumentId));
  return before;
}
