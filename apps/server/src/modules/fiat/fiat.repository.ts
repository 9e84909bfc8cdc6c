import { desc, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { StoredRate } from './fiat.domain';
import { fiatRateAttempts, fiatRates } from './fiat.schema';

export type RateAttempt = { readonly at: Date; readonly outcome: 'ok' | 'failed' };

export async function readStoredRates(db: Database): Promise<StoredRate[]> {
  return db
    .select({
      currencyCode: fiatRates.currencyCode,
      rate: fiatRates.rate,
      source: fiatRates.source,
      asOf: fiatRates.asOf,
    })
    .from(fiatRates);
}

/** Fills in missing codes only: a row that exists (live or bundled) is never overwritten here. */
export async function insertBundledRates(
  db: Database,
  params: { rates: ReadonlyArray<{ currencyCode: string; rate: string }>; asOf: Date; now: Date },
): Promise<void> {
  await db
    .insert(fiatRates)
    .values(
      params.rates.map(({ currencyCode, rate }) => ({
        currencyCode,
        rate,
        source: 'bundled' as const,
        asOf: params.asOf,
        fetchedAt: params.now,
      })),
    )
    .onConflictDoNothing({ target: fiatRates.currencyCode });
}

export async function upsertLiveRates(
  db: Database,
  params: { rates: ReadonlyArray<{ currencyCode: string; rate: string }>; asOf: Date; now: Date },
): Promise<void> {
  if (params.rates.length === 0) return;
  await db
    .insert(fiatRates)
    .values(
      params.rates.map(({ currencyCode, rate }) => ({
        currencyCode,
        rate,
        source: 'live' as const,
        asOf: params.asOf,
        fetchedAt: params.now,
      })),
    )
    .onConflictDoUpdate({
      target: fiatRates.currencyCode,
      set: {
        rate: sql`excluded.rate`,
        source: sql`excluded.source`,
        asOf: sql`excluded.as_of`,
        fetchedAt: sql`excluded.fetched_at`,
      },
    });
}

export async function findLastAttempt(db: Database): Promise<RateAttempt | null> {
  const rows = await db
    .select({ at: fiatRateAttempts.attemptedAt, outcome: fiatRateAttempts.outcome })
    .from(fiatRateAttempts)
    .orderBy(desc(fiatRateAttempts.attemptedAt))
    .limit(1);
  return rows[0] ?? null;
}

export async function recordAttempt(
  db: Database,
  attempt: { id: string; at: Date; outcome: 'ok' | 'failed'; detail: string },
): Promise<void> {
  await db.insert(fiatRateAttempts).values({
    id: attempt.id,
    attemptedAt: attempt.at,
    outcome: attempt.outcome,
    detail: attempt.detail,
  });
}

/** The attempt log only has to answer "when did we last try": old rows are dropped as we go. */
export async function deleteAttemptsBefore(db: Database, before: Date): Promise<void> {
  await db.delete(fiatRateAttempts).where(lt(fiatRateAttempts.attemptedAt, before));
}
