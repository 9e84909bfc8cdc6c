import { randomUUID } from 'node:crypto';
import { type FiatRates, fiatCodes } from '@fairex/contract';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { bundledRates, bundledRatesAsOf } from './fiat.bundled';
import {
  carriesSupportedRates,
  liveRatesToStore,
  nextRefreshAt,
  type RateTable,
  rateTableOf,
} from './fiat.domain';
import {
  deleteAttemptsBefore,
  findLastAttempt,
  insertBundledRates,
  readStoredRates,
  recordAttempt,
  upsertLiveRates,
} from './fiat.repository';
import { type FiatRateSource, FiatSourceError } from './fiat.source';

/** Attempts older than this are deleted; only the latest one is ever read. */
const attemptHistoryKeptMs = 30 * 86_400_000;
/** Stored failure details are for an operator's eyes; a line is enough. */
const attemptDetailLengthMax = 200;

export type WarningLog = { warn(details: object, message: string): void };

export type FiatRatesServiceDeps = {
  readonly db: Database;
  readonly clock: Clock;
  /** Null keeps the bundled table for good (offline installs). */
  readonly source: FiatRateSource | null;
  readonly log?: WarningLog;
};

export type FiatRatesService = {
  /** The stored table, at once; starts a background refresh when one is due. */
  rates(): Promise<FiatRates>;
  /**
   * Starts a refresh if one is due and resolves when it has settled; while one is in flight every
   * caller gets that same one. `rates()` does not wait for it; tests and jobs may.
   */
  refreshIfDue(): Promise<void>;
  /** Abandons a fetch in flight and waits for it to settle, before the database closes. */
  close(): Promise<void>;
};

const bundledRows = fiatCodes.map((currencyCode) => ({ currencyCode, rate: bundledRates[currencyCode] }));

function toReply(table: RateTable): FiatRates {
  return {
    base: 'USD',
    source: table.source,
    as_of: table.asOf.toISOString(),
    rates: table.rates.map(({ currencyCode, rate }) => ({ currency_code: currencyCode, rate })),
  };
}

function failureDetail(error: unknown): string {
  const text = error instanceof FiatSourceError ? error.message : `storing failed: ${String(error)}`;
  return text.slice(0, attemptDetailLengthMax);
}

export function createFiatRatesService(deps: FiatRatesServiceDeps): FiatRatesService {
  const { db, clock, source } = deps;
  const shutdown = new AbortController();
  let inFlight: Promise<void> | null = null;
  /** Cached from the attempt log so a reply costs no extra query; loaded once per process. */
  let nextDueAt: Date | null = null;

  async function loadTable(): Promise<RateTable> {
    const table = rateTableOf(await readStoredRates(db));
    if (table) return table;
    // First use, or a supported fiat was added: the bundled table fills what is missing.
    await insertBundledRates(db, { rates: bundledRows, asOf: bundledRatesAsOf, now: clock.now() });
    const seeded = rateTableOf(await readStoredRates(db));
    if (!seeded) throw new Error('fiat rate table still incomplete after seeding the bundled rates');
    return seeded;
  }

  async function fetchAndStore(fetcher: FiatRateSource): Promise<void> {
    const at = clock.now();
    try {
      const quote = await fetcher.fetchUsdRates(shutdown.signal);
      if (!carriesSupportedRates(quote.rates)) throw new FiatSourceError('no supported fiat in the reply');
      await db.transaction(async (tx) => {
        await upsertLiveRates(tx, { rates: liveRatesToStore(quote.rates), asOf: quote.asOf, now: at });
        await recordAttempt(tx, { id: randomUUID(), at, outcome: 'ok', detail: '' });
      });
      nextDueAt = nextRefreshAt({ at, outcome: 'ok' });
    } catch (error) {
      if (shutdown.signal.aborted) return;
      // Set first: even if recording fails too, the retry stays an hour away.
      nextDueAt = nextRefreshAt({ at, outcome: 'failed' });
      const detail = failureDetail(error);
      await recordAttempt(db, { id: randomUUID(), at, outcome: 'failed', detail });
      deps.log?.warn({ detail }, 'fiat rate refresh failed; the stored rates stay');
    }
    await deleteAttemptsBefore(db, new Date(at.getTime() - attemptHistoryKeptMs));
  }

  async function refreshWhenDue(fetcher: FiatRateSource): Promise<void> {
    nextDueAt ??= nextRefreshAt(await findLastAttempt(db));
    if (clock.now() < nextDueAt) return;
    await fetchAndStore(fetcher);
  }

  function refreshIfDue(): Promise<void> {
    if (!source || shutdown.signal.aborted) return Promise.resolve();
    inFlight ??= refreshWhenDue(source).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return {
    async rates() {
      const table = await loadTable();
      // Never make a reply wait on the network: answer what is stored, refresh behind it.
      refreshIfDue().catch((error: unknown) => {
        deps.log?.warn({ err: error }, 'fiat rate refresh could not run');
      });
      return toReply(table);
    },
    refreshIfDue,
    async close() {
      shutdown.abort();
      await inFlight?.catch(() => undefined);
    },
  };
}
