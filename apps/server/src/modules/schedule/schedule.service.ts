/**
 * Time that happens exactly once (shared/design/products.md section 3). A module schedules a row
 * per item and period inside the transaction that creates the item, and registers the handler of
 * its kind. The worker takes due rows in due-time order, each in its own transaction with the row
 * locked (FOR UPDATE SKIP LOCKED, so several server processes never take the same row), runs the
 * handler and marks the row done in that same transaction. On start it first catches up what fell
 * due while the server was down; the handler reads the inputs recorded at the due time (the tick
 * at expiry, not the price now). The clock is injected: tests move it and call runDue.
 */
import { InvariantError } from '@fairex/domain';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { retryDelayMs } from './schedule.domain';

export type WorkPayload = Readonly<Record<string, string | number | boolean | null>>;

export type DueWork = {
  readonly id: bigint;
  readonly kind: string;
  readonly key: string;
  readonly dueAt: Date;
  readonly payload: WorkPayload | null;
  /** Failed or deferred attempts before this one. */
  readonly attempts: number;
};

/** Done, or not yet: an input is missing (no tick recorded at the due time yet); try at `retryAt`. */
export type WorkOutcome = { readonly done: true } | { readonly retryAt: Date; readonly reason: string };

/** Runs one item's effect in `tx`; the row is marked done in the same transaction. */
export type WorkHandler = (tx: Database, work: DueWork, now: Date) => Promise<WorkOutcome>;

export type ScheduleLogger = {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

export interface Scheduler {
  /** Schedules `kind`/`key` at `dueAt` in the caller's transaction; a second call changes nothing. */
  schedule(
    tx: Database,
    item: {
      readonly kind: string;
      readonly key: string;
      readonly dueAt: Date;
      readonly payload?: WorkPayload;
    },
  ): Promise<void>;
  /**
   * Marks a scheduled item done without running it (an order cancelled before its expiry). An item
   * the worker is running at this moment is left to it (its handler must then find nothing owed):
   * waiting for its lock here, while holding the row the handler locks next, would deadlock.
   */
  cancel(tx: Database, kind: string, key: string): Promise<boolean>;
  /** The handler of a kind; one per kind. */
  handle(kind: string, handler: WorkHandler): void;
  /** Runs every item due at `now` (default the clock), oldest first; answers how many were done. */
  runDue(now?: Date): Promise<number>;
  /** Items of `kind` not done yet. */
  pending(kind: string): Promise<number>;
  /** Polls for due work every `pollMs` once started. */
  start(): void;
  stop(): Promise<void>;
}

/** Rows read per pass: a long outage is caught up in passes of this size. */
const duePassRowsMax = 200;
/** How often the worker looks for due work; an expiry settles within this of its tick. */
export const schedulePollMsDefault = 200;

type WorkRow = {
  id: string;
  kind: string;
  key: string;
  due_at: Date | string;
  payload: WorkPayload | null;
  attempts: number;
};

export function createScheduler(deps: {
  readonly db: Database;
  readonly clock: Clock;
  readonly logger: ScheduleLogger;
  readonly pollMs?: number;
  /** Told when a handler breaks an invariant: the caller halts what the work belongs to. */
  readonly onInvariantBroken?: (work: DueWork, error: InvariantError) => void | Promise<void>;
}): Scheduler {
  const { db, clock, logger } = deps;
  const handlers = new Map<string, WorkHandler>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;

  async function runOne(id: bigint, now: Date): Promise<boolean> {
    let work: DueWork | null = null;
    try {
      return await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const [row] = await rowsOf<WorkRow>(
          tx,
          sql`select id::text, kind, key, due_at, payload, attempts from scheduled_work
              where id = ${id.toString()}::bigint and done_at is null
              for update skip locked`,
        );
        if (!row) return false;
        work = {
          id,
          kind: row.kind,
          key: row.key,
          dueAt: new Date(row.due_at),
          payload: row.payload,
          attempts: row.attempts,
        };
        const handler = handlers.get(work.kind);
        if (!handler) {
          logger.warn({ kind: work.kind, key: work.key }, 'scheduled work of a kind nobody handles');
          await tx.execute(
            sql`update scheduled_work set not_before = ${new Date(now.getTime() + retryDelayMs(work.attempts + 1)).toISOString()}::timestamptz,
                attempts = attempts + 1, last_error = 'no handler' where id = ${id.toString()}::bigint`,
          );
          return false;
        }
        const outcome = await handler(tx, work, now);
        if ('retryAt' in outcome) {
          await tx.execute(
            sql`update scheduled_work set not_before = ${outcome.retryAt.toISOString()}::timestamptz,
                attempts = attempts + 1, last_error = ${outcome.reason} where id = ${id.toString()}::bigint`,
          );
          return false;
        }
        await tx.execute(
          sql`update scheduled_work set done_at = ${now.toISOString()}::timestamptz, last_error = null
              where id = ${id.toString()}::bigint`,
        );
        return true;
      });
    } catch (error) {
      // The effect rolled back with the transaction; the item stays due and is tried again later.
      const failed = work as DueWork | null;
      const message = error instanceof Error ? error.message : String(error);
      const attempts = (failed?.attempts ?? 0) + 1;
      logger.error(
        { err: error, work: failed && { kind: failed.kind, key: failed.key } },
        'scheduled work failed',
      );
      await db
        .execute(
          sql`update scheduled_work set attempts = ${attempts},
              not_before = ${new Date(now.getTime() + retryDelayMs(attempts)).toISOString()}::timestamptz,
              last_error = ${message.slice(0, 500)} where id = ${id.toString()}::bigint and done_at is null`,
        )
        .catch((markError: unknown) => logger.error({ err: markError }, 'could not record a failed attempt'));
      if (failed && error instanceof InvariantError) await deps.onInvariantBroken?.(failed, error);
      return false;
    }
  }

  async function pass(now: Date): Promise<number> {
    let done = 0;
    for (;;) {
      const due = await rowsOf<{ id: string }>(
        db,
        // Ordered by the bigint column, not the text it is selected as (where '10' sorts before '9').
        sql`select id::text from scheduled_work
            where done_at is null and due_at <= ${now.toISOString()}::timestamptz
              and (not_before is null or not_before <= ${now.toISOString()}::timestamptz)
            order by due_at, scheduled_work.id limit ${duePassRowsMax}`,
      );
      let progressed = false;
      for (const { id } of due) {
        if (await runOne(BigInt(id), now)) {
          done += 1;
          progressed = true;
        }
      }
      if (due.length < duePassRowsMax || !progressed) return done;
    }
  }

  function runDue(now: Date = clock.now()): Promise<number> {
    // One pass at a time in this process; other processes are kept apart by the row locks.
    const next = (running ?? Promise.resolve(0)).then(() => pass(now));
    running = next.catch(() => 0);
    return next;
  }

  function tick(): void {
    if (stopped) return;
    runDue()
      .catch((error: unknown) => logger.error({ err: error }, 'could not look for due work'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, deps.pollMs ?? schedulePollMsDefault);
      });
  }

  return {
    async schedule(tx, item) {
      await tx.execute(
        sql`insert into scheduled_work (kind, key, due_at, payload, created_at)
            values (${item.kind}, ${item.key}, ${item.dueAt.toISOString()}::timestamptz,
                    ${item.payload === undefined ? null : JSON.stringify(item.payload)}::jsonb,
                    ${clock.now().toISOString()}::timestamptz)
            on conflict (kind, key) do nothing`,
      );
    },
    async cancel(tx, kind, key) {
      const rows = await rowsOf<{ id: string }>(
        tx,
        sql`update scheduled_work set done_at = ${clock.now().toISOString()}::timestamptz, last_error = 'cancelled'
            where id in (
              select id from scheduled_work
              where kind = ${kind} and key = ${key} and done_at is null
              for update skip locked
            )
            returning id::text`,
      );
      return rows.length > 0;
    },
    handle(kind, handler) {
      if (handlers.has(kind)) throw new Error(`scheduled work ${kind} already has a handler`);
      handlers.set(kind, handler);
    },
    runDue,
    async pending(kind) {
      const [row] = await rowsOf<{ count: number }>(
        db,
        sql`select count(*)::int as count from scheduled_work where kind = ${kind} and done_at is null`,
      );
      return row?.count ?? 0;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      // The first pass catches up everything that fell due while the server was down.
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
