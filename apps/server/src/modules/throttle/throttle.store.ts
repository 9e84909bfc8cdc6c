import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Rows whose window ended this long ago are removed, now and then, by the next hit. */
const staleAfterMs = 60 * 60_000;
const pruneEvery = 500;

/**
 * A store for @fastify/rate-limit in the database (rate_limit_counters): one upsert per hit, so
 * parallel requests of one caller count exactly, on any server process, across restarts. Times
 * come from the injected clock.
 */
export function databaseRateLimitStore(db: Database, clock: Clock) {
  let hitsSincePrune = 0;
  async function hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const now = clock.now();
    const ends = new Date(now.getTime() + windowMs);
    const result = (await db.execute(sql`
      insert into rate_limit_counters (key, hits, window_ends_at)
      values (${key}, 1, ${ends.toISOString()}::timestamptz)
      on conflict (key) do update set
        hits = case when rate_limit_counters.window_ends_at <= ${now.toISOString()}::timestamptz
                    then 1 else rate_limit_counters.hits + 1 end,
        window_ends_at = case when rate_limit_counters.window_ends_at <= ${now.toISOString()}::timestamptz
                    then excluded.window_ends_at else rate_limit_counters.window_ends_at end
      returning hits, window_ends_at`)) as unknown as {
      rows: { hits: number; window_ends_at: string | Date }[];
    };
    const row = result.rows[0];
    if (!row) throw new Error('rate limit counter not written');
    hitsSincePrune += 1;
    if (hitsSincePrune >= pruneEvery) {
      hitsSincePrune = 0;
      const before = new Date(now.getTime() - staleAfterMs).toISOString();
      await db.execute(sql`delete from rate_limit_counters where window_ends_at < ${before}::timestamptz`);
    }
    return {
      current: Number(row.hits),
      ttl: Math.max(0, new Date(row.window_ends_at).getTime() - now.getTime()),
    };
  }

  /** The class @fastify/rate-limit instantiates (`store` option); children share the table. */
  return class DatabaseRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      hit(key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child(): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  };
}
