/**
 * What the operator console may change about instruments: add one, its display fields (price
 * decimals, trading hours, order in lists) and its status. Tick size, lot size, prices, ticks
 * and fills are never written here. Callers write inside their own transaction (with the audit
 * entry), then call MarketService.refreshInstruments() so quotes and lists follow at once.
 */
import { parseDecimal } from '@fairex/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { InstrumentRow } from './market.repository';
import { instruments } from './market.schema';

export { type InstrumentRow, listInstruments as listInstrumentRows } from './market.repository';

export type InstrumentDisplayChanges = {
  readonly priceDecimals?: number | undefined;
  readonly tradingHours?: string | null | undefined;
  readonly sortOrder?: number | undefined;
};

export type NewInstrument = {
  readonly symbol: string;
  readonly kind: InstrumentRow['kind'];
  readonly base: string;
  readonly quote: string;
  readonly tickSize: string;
  readonly lotSize: string;
  readonly priceDecimals: number;
  readonly tradingHours: string | null;
  readonly referencePrice: string;
  readonly annualVolatility: string;
  readonly sortOrder: number;
  /**
   * "simulated" (default: a random walk from `referencePrice`) or "reference": the price staff
   * set and record (an IEO token's listing); no feed moves it.
   */
  readonly feed?: 'simulated' | 'reference' | undefined;
};

/** Decimals of a positive decimal text, trailing zeros ignored; null when not positive. */
function decimalsOf(text: string): number | null {
  const parsed = parseDecimal(text);
  if (!parsed.ok || parsed.value.digits <= 0n) return null;
  let { digits, scale } = parsed.value;
  while (scale > 0 && digits % 10n === 0n) {
    digits /= 10n;
    scale -= 1;
  }
  return scale;
}

/**
 * Pure check of a new instrument's grid: tick and lot positive, prices shown with at least the
 * tick's decimals, and a reference price on the tick grid.
 */
export function instrumentGridFits(params: {
  readonly tickSize: string;
  readonly lotSize: string;
  readonly priceDecimals: number;
  readonly referencePrice: string;
}): boolean {
  const tickDecimals = decimalsOf(params.tickSize);
  const lotDecimals = decimalsOf(params.lotSize);
  const referenceDecimals = decimalsOf(params.referencePrice);
  if (tickDecimals === null || lotDecimals === null || referenceDecimals === null) return false;
  if (params.priceDecimals < tickDecimals || referenceDecimals > tickDecimals) return false;
  const tick = parseDecimal(params.tickSize);
  const reference = parseDecimal(params.referencePrice);
  if (!tick.ok || !reference.ok) return false;
  const scale = Math.max(tick.value.scale, reference.value.scale);
  const at = (value: { digits: bigint; scale: number }) => value.digits * 10n ** BigInt(scale - value.scale);
  return at(reference.value) % at(tick.value) === 0n;
}

/** Only whether the display fields fit the instrument's tick. */
export function priceDecimalsFit(row: InstrumentRow, priceDecimals: number): boolean {
  const tickDecimals = decimalsOf(row.tickSize);
  return tickDecimals !== null && priceDecimals >= tickDecimals;
}

export async function findInstrumentRow(db: Database, id: number): Promise<InstrumentRow | null> {
  const [row] = await db.select().from(instruments).where(eq(instruments.id, id)).limit(1);
  return row ?? null;
}

export async function instrumentSymbolTaken(db: Database, symbol: string): Promise<boolean> {
  const [row] = await db
    .select({ id: instruments.id })
    .from(instruments)
    .where(sql`upper(${instruments.symbol}) = ${symbol.toUpperCase()}`)
    .limit(1);
  return row !== undefined;
}

export async function insertInstrumentRow(db: Database, instrument: NewInstrument): Promise<InstrumentRow> {
  const [row] = await db
    .insert(instruments)
    .values({ ...instrument, status: 'trading', feed: instrument.feed ?? 'simulated' })
    .returning();
  if (!row) throw new Error('instrument insert returned nothing');
  return row;
}

export async function updateInstrumentDisplay(
  db: Database,
  id: number,
  changes: InstrumentDisplayChanges,
): Promise<InstrumentRow | null> {
  const set: Partial<typeof instruments.$inferInsert> = {};
  if (changes.priceDecimals !== undefined) set.priceDecimals = changes.priceDecimals;
  if (changes.tradingHours !== undefined) set.tradingHours = changes.tradingHours;
  if (changes.sortOrder !== undefined) set.sortOrder = changes.sortOrder;
  if (Object.keys(set).length === 0) return findInstrumentRow(db, id);
  const [row] = await db.update(instruments).set(set).where(eq(instruments.id, id)).returning();
  return row ?? null;
}

export async function setInstrumentStatus(
  db: Database,
  id: number,
  status: InstrumentRow['status'],
): Promise<InstrumentRow | null> {
  const [row] = await db.update(instruments).set({ status }).where(eq(instruments.id, id)).returning();
  return row ?? null;
}
