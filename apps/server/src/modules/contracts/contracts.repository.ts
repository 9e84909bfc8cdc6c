/** The contracts module's reads and writes of its own tables. */
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import {
  type ContractStatus,
  contractCursors,
  contractPositions,
  contractSettlements,
  contractTerms,
  type SettlementKind,
} from './contracts.schema';

export type TermsRow = typeof contractTerms.$inferSelect;
export type PositionRow = typeof contractPositions.$inferSelect;
export type SettlementRow = typeof contractSettlements.$inferSelect;
export type NewPosition = typeof contractPositions.$inferInsert;

export function listTerms(db: Database): Promise<TermsRow[]> {
  return db.select().from(contractTerms).orderBy(asc(contractTerms.instrumentId));
}

/** One instrument's terms, locked for a staff change. */
export async function lockTerms(db: Database, instrumentId: number): Promise<TermsRow | null> {
  const [row] = await db
    .select()
    .from(contractTerms)
    .where(eq(contractTerms.instrumentId, instrumentId))
    .for('update');
  return row ?? null;
}

export async function updateTerms(
  db: Database,
  instrumentId: number,
  values: Omit<typeof contractTerms.$inferInsert, 'instrumentId' | 'currencyId'>,
): Promise<void> {
  await db.update(contractTerms).set(values).where(eq(contractTerms.instrumentId, instrumentId));
}

export async function insertTermsIfMissing(
  db: Database,
  rows: (typeof contractTerms.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(contractTerms).values(rows).onConflictDoNothing();
}

export async function insertPosition(db: Database, row: NewPosition): Promise<bigint> {
  const [inserted] = await db.insert(contractPositions).values(row).returning({ id: contractPositions.id });
  if (!inserted) throw new Error('position not inserted');
  return inserted.id;
}

export async function updatePosition(
  db: Database,
  id: bigint,
  values: Partial<typeof contractPositions.$inferInsert>,
): Promise<void> {
  await db.update(contractPositions).set(values).where(eq(contractPositions.id, id));
}

/** The position, locked for the transaction (a close racing its own take-profit: one wins). */
export async function lockPosition(db: Database, id: bigint): Promise<PositionRow | null> {
  const [row] = await db.select().from(contractPositions).where(eq(contractPositions.id, id)).for('update');
  return row ?? null;
}

export async function findPosition(db: Database, id: bigint): Promise<PositionRow | null> {
  const [row] = await db.select().from(contractPositions).where(eq(contractPositions.id, id));
  return row ?? null;
}

export async function findByIdempotencyKey(
  db: Database,
  userId: number,
  key: string,
): Promise<PositionRow | null> {
  const [row] = await db
    .select()
    .from(contractPositions)
    .where(and(eq(contractPositions.userId, userId), eq(contractPositions.idempotencyKey, key)));
  return row ?? null;
}

/** Orders the opening checks of one instrument and side (open interest against its cap). */
export async function lockSide(db: Database, instrumentId: number, side: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`contracts:side:${instrumentId}:${side}`}))`);
}

/** Notional open or pending per instrument and side. */
export async function openInterest(
  db: Database,
  instrumentId?: number,
): Promise<{ instrumentId: number; side: number; notional: bigint }[]> {
  const rows = await rowsOf<{ instrument_id: number; side: number; notional: string }>(
    db,
    sql`select instrument_id, side, coalesce(sum(notional), 0)::text as notional from contract_positions
        where status in ('open', 'pending') ${instrumentId === undefined ? sql`` : sql`and instrument_id = ${instrumentId}`}
        group by instrument_id, side`,
  );
  return rows.map((row) => ({
    instrumentId: Number(row.instrument_id),
    side: Number(row.side),
    notional: BigInt(row.notional),
  }));
}

export function activePositions(db: Database): Promise<PositionRow[]> {
  return db
    .select()
    .from(contractPositions)
    .where(inArray(contractPositions.status, ['open', 'pending']))
    .orderBy(asc(contractPositions.id));
}

export async function countOpen(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contractPositions)
    .where(eq(contractPositions.status, 'open'));
  return Number(row?.n ?? 0);
}

export async function userPositions(
  db: Database,
  params: {
    readonly userId: number;
    readonly statuses: readonly ContractStatus[];
    readonly instrumentId?: number | undefined;
    readonly side?: number | undefined;
    readonly page: number;
    readonly pageSize: number;
  },
): Promise<{ rows: PositionRow[]; total: number }> {
  const where = and(
    eq(contractPositions.userId, params.userId),
    inArray(contractPositions.status, [...params.statuses]),
    params.instrumentId === undefined ? undefined : eq(contractPositions.instrumentId, params.instrumentId),
    params.side === undefined ? undefined : eq(contractPositions.side, params.side),
  );
  const rows = await db
    .select()
    .from(contractPositions)
    .where(where)
    .orderBy(desc(contractPositions.id))
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize);
  const [total] = await db.select({ n: count() }).from(contractPositions).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Open positions of a user (all of them: a batch close or the account's risk rate). */
export function userOpenPositions(db: Database, userId: number): Promise<PositionRow[]> {
  return db
    .select()
    .from(contractPositions)
    .where(and(eq(contractPositions.userId, userId), eq(contractPositions.status, 'open')))
    .orderBy(asc(contractPositions.id));
}

export async function insertSettlement(
  db: Database,
  row: {
    positionId: bigint;
    userId: number;
    kind: SettlementKind;
    day: string | null;
    tickId: bigint | null;
    inputs: Record<string, string>;
    outcome: Record<string, string>;
    settledAt: Date;
  },
): Promise<SettlementRow> {
  const [inserted] = await db.insert(contractSettlements).values(row).returning();
  if (!inserted) throw new Error('settlement not inserted');
  return inserted;
}

export function closeSettlements(db: Database, positionIds: readonly bigint[]): Promise<SettlementRow[]> {
  if (positionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(contractSettlements)
    .where(
      and(
        inArray(contractSettlements.positionId, [...positionIds]),
        ne(contractSettlements.kind, 'overnight'),
      ),
    );
}

export function positionSettlements(db: Database, positionId: bigint): Promise<SettlementRow[]> {
  return db
    .select()
    .from(contractSettlements)
    .where(eq(contractSettlements.positionId, positionId))
    .orderBy(asc(contractSettlements.id));
}

export async function cursors(db: Database): Promise<Map<number, bigint>> {
  const rows = await db.select().from(contractCursors);
  return new Map(rows.map((row) => [row.instrumentId, row.tickId]));
}

export async function saveCursor(db: Database, instrumentId: number, tickId: bigint): Promise<void> {
  await db
    .insert(contractCursors)
    .values({ instrumentId, tickId })
    .onConflictDoUpdate({
      target: contractCursors.instrumentId,
      set: { tickId: sql`greatest(${contractCursors.tickId}, excluded.tick_id)` },
    });
}

/**
 * An instrument's first cursor, at the tick a position or order was placed on: a restart replays
 * from there even if the engine never evaluated a tick of it (a pending limit alone on its book).
 * An existing cursor is left as it is.
 */
export async function initCursor(db: Database, instrumentId: number, tickId: bigint): Promise<void> {
  await db.insert(contractCursors).values({ instrumentId, tickId }).onConflictDoNothing();
}
