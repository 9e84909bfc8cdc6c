import { and, asc, desc, eq, exists, gt, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { candles, favourites, instruments, priceTicks } from './market.schema';
import { tickHash } from './ticks.chain';

export type InstrumentRow = typeof instruments.$inferSelect;
export type CandleRow = typeof candles.$inferInsert;
export type TickRow = {
  id: bigint;
  instrumentId: number;
  price: string;
  source: string;
  recordedAt: Date;
  hash: string | null;
};

/** Rows per multi-row INSERT (8 columns: well under PostgreSQL's 65,535 parameters). */
export const candleInsertBatchRows = 4_000;

/**
 * Crypto instruments (spot and perpetual) take their prices from `feed`: "simulated" or a ccxt
 * exchange id. Stocks stay simulated unless an adapter for them is configured.
 */
/** The feed of an instrument whose price staff set and record (an IEO token's listing). */
export const referenceFeed = 'reference';

export async function assignCryptoFeed(db: Database, feed: string): Promise<void> {
  await db
    .update(instruments)
    .set({ feed })
    .where(
      and(
        inArray(instruments.kind, ['spot', 'perpetual']),
        ne(instruments.feed, feed),
        // A staff-set reference (an IEO listing) is never handed to a feed.
        ne(instruments.feed, referenceFeed),
      ),
    );
}

export function listInstruments(db: Database): Promise<InstrumentRow[]> {
  return db.select().from(instruments).orderBy(asc(instruments.sortOrder), asc(instruments.id));
}

/**
 * One multi-row INSERT for a batch of ticks; the ids come back in the order given. Each tick is
 * chained to the previous one of its instrument: `heads` holds each chain's head and is advanced.
 */
export async function insertTicks(
  db: Database,
  ticks: readonly { instrumentId: number; price: string; volume: string; source: string; time: number }[],
  heads: Map<number, string>,
): Promise<{ id: bigint; instrumentId: number }[]> {
  if (ticks.length === 0) return [];
  const next = new Map(heads);
  const values = ticks.map((tick) => {
    const hash = tickHash(next.get(tick.instrumentId) ?? null, tick);
    next.set(tick.instrumentId, hash);
    return {
      instrumentId: tick.instrumentId,
      price: tick.price,
      volume: tick.volume,
      source: tick.source,
      recordedAt: new Date(tick.time),
      hash,
    };
  });
  const ids = await db
    .insert(priceTicks)
    .values(values)
    .returning({ id: priceTicks.id, instrumentId: priceTicks.instrumentId });
  for (const [instrumentId, hash] of next) heads.set(instrumentId, hash);
  return ids;
}

export async function findTick(db: Database, id: bigint): Promise<TickRow | null> {
  const [row] = await db.select().from(priceTicks).where(eq(priceTicks.id, id)).limit(1);
  return row ?? null;
}

/** An instrument's ticks recorded after `afterId`, oldest first (a restart catching up). */
export function ticksAfter(
  db: Database,
  instrumentId: number,
  afterId: bigint,
  limit: number,
): Promise<TickRow[]> {
  return db
    .select()
    .from(priceTicks)
    .where(and(eq(priceTicks.instrumentId, instrumentId), gt(priceTicks.id, afterId)))
    .orderBy(asc(priceTicks.id))
    .limit(limit);
}

/** Ticks of one instrument recorded from `from` (inclusive) to `to` (inclusive), by time then id. */
export function ticksBetween(
  db: Database,
  params: { instrumentId: number; from: Date; to: Date; limit: number },
): Promise<TickRow[]> {
  return db
    .select()
    .from(priceTicks)
    .where(
      and(
        eq(priceTicks.instrumentId, params.instrumentId),
        gte(priceTicks.recordedAt, params.from),
        lte(priceTicks.recordedAt, params.to),
      ),
    )
    .orderBy(asc(priceTicks.recordedAt), asc(priceTicks.id))
    .limit(params.limit);
}

/** The newest tick of every instrument that has one. */
export function latestTicks(db: Database): Promise<TickRow[]> {
  return db
    .selectDistinctOn([priceTicks.instrumentId])
    .from(priceTicks)
    .orderBy(priceTicks.instrumentId, desc(priceTicks.recordedAt), desc(priceTicks.id));
}

export async function instrumentIdsWithCandles(db: Database): Promise<Set<number>> {
  const rows = await db
    .select({ id: instruments.id })
    .from(instruments)
    .where(exists(db.select({ one: sql`1` }).from(candles).where(eq(candles.instrumentId, instruments.id))));
  return new Set(rows.map((row) => row.id));
}

export async function insertCandles(db: Database, rows: readonly CandleRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += candleInsertBatchRows) {
    await db
      .insert(candles)
      .values(rows.slice(start, start + candleInsertBatchRows))
      .onConflictDoNothing();
  }
}

/** Writes the open candles of this second in one statement. */
export async function upsertCandles(db: Database, rows: readonly CandleRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(candles)
    .values([...rows])
    .onConflictDoUpdate({
      target: [candles.instrumentId, candles.period, candles.openTime],
      set: {
        open: sql`excluded.open`,
        high: sql`excluded.high`,
        low: sql`excluded.low`,
        close: sql`excluded.close`,
        volume: sql`excluded.volume`,
      },
    });
}

/** The newest candle of every instrument and period. */
export function latestCandles(db: Database) {
  return db
    .selectDistinctOn([candles.instrumentId, candles.period])
    .from(candles)
    .orderBy(candles.instrumentId, candles.period, desc(candles.openTime));
}

export function candlesSince(db: Database, period: string, since: Date) {
  return db
    .select()
    .from(candles)
    .where(and(eq(candles.period, period), gte(candles.openTime, since)))
    .orderBy(asc(candles.instrumentId), asc(candles.openTime));
}

/** One instrument's candles of a period from `since` on, oldest first. */
export function candlesSinceOf(db: Database, params: { instrumentId: number; period: string; since: Date }) {
  return db
    .select()
    .from(candles)
    .where(
      and(
        eq(candles.instrumentId, params.instrumentId),
        eq(candles.period, params.period),
        gte(candles.openTime, params.since),
      ),
    )
    .orderBy(asc(candles.openTime));
}

/** The newest `limit` candles with open time in [from, to], oldest first. */
export async function candlesInRange(
  db: Database,
  params: { instrumentId: number; period: string; from: Date; to: Date; limit: number },
) {
  const rows = await db
    .select()
    .from(candles)
    .where(
      and(
        eq(candles.instrumentId, params.instrumentId),
        eq(candles.period, params.period),
        gte(candles.openTime, params.from),
        lte(candles.openTime, params.to),
      ),
    )
    .orderBy(desc(candles.openTime))
    .limit(params.limit);
  return rows.reverse();
}

export async function addFavourite(db: Database, userId: number, instrumentId: number): Promise<void> {
  await db.insert(favourites).values({ userId, instrumentId }).onConflictDoNothing();
}

export async function removeFavourite(db: Database, userId: number, instrumentId: number): Promise<void> {
  await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.instrumentId, instrumentId)));
}

export function listFavourites(db: Database, userId: number) {
  return db
    .select({ id: favourites.id, instrumentId: favourites.instrumentId, symbol: instruments.symbol })
    .from(favourites)
    .innerJoin(instruments, eq(instruments.id, favourites.instrumentId))
    .where(eq(favourites.userId, userId))
    .orderBy(asc(favourites.id));
}
