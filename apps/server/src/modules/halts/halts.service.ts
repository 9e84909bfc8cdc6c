/**
 * A failed invariant on a money path is not an ordinary error: the code that detects it calls
 * `halt(scope, ...)`, which records it (once per open scope), logs it as fatal with its context,
 * and from then on `assertOpen(scope)` refuses new business there with a clear message. Only
 * staff resume a scope (audited); whoever owns it is told and rebuilds what it holds in memory.
 * The open set is kept in memory (read at start) so the check on every order costs nothing.
 */
import type { Halt, HaltList } from '@fairex/contract';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { type AuditActor, recordAudit } from '../audit';
import { halts } from './halts.schema';

export type HaltContext = Readonly<Record<string, string | number | boolean | null>>;

export type HaltsLogger = { fatal(object: object, message: string): void };

export interface Halts {
  /** Reads the open halts (at start). */
  load(): Promise<void>;
  isHalted(scope: string): boolean;
  /** Refuses new business in `scope` or the module it belongs to ("spot" for "spot:BTC/USDT"). */
  assertOpen(scope: string): void;
  /** Stops `scope`; a second halt of an open scope keeps the first reason. */
  halt(scope: string, reason: string, context?: HaltContext): Promise<void>;
  /** Staff resume `scope`: audited; its owner's listeners rebuild before new business comes in. */
  resume(actor: AuditActor, scope: string): Promise<Halt>;
  list(): Promise<HaltList>;
  /** Told when a scope starting with `prefix` is resumed (before it accepts business again). */
  onResume(prefix: string, listener: (scope: string) => Promise<void> | void): void;
}

/** Resumed halts the console lists besides the open ones. */
const recentResumedMax = 20;

type HaltRow = typeof halts.$inferSelect;

function view(row: HaltRow): Halt {
  return {
    id: row.id.toString(),
    scope: row.scope,
    reason: row.reason,
    context: row.context ?? null,
    halted_at: row.haltedAt.getTime(),
    resumed_at: row.resumedAt?.getTime() ?? null,
    resumed_by: row.resumedBy,
  };
}

/** The module a scope belongs to: "spot" for "spot:BTC/USDT". */
function moduleOf(scope: string): string {
  const colon = scope.indexOf(':');
  return colon < 0 ? scope : scope.slice(0, colon);
}

export function createHalts(deps: {
  readonly db: Database;
  readonly clock: Clock;
  readonly logger: HaltsLogger;
}): Halts {
  const { db, clock, logger } = deps;
  const open = new Set<string>();
  const resumeListeners: { prefix: string; listener: (scope: string) => Promise<void> | void }[] = [];

  return {
    async load() {
      const rows = await db.select({ scope: halts.scope }).from(halts).where(isNull(halts.resumedAt));
      open.clear();
      for (const row of rows) open.add(row.scope);
    },

    isHalted(scope) {
      return open.has(scope) || open.has(moduleOf(scope));
    },

    assertOpen(scope) {
      if (open.has(scope) || open.has(moduleOf(scope))) throw new AppError('halts.errors.halted');
    },

    async halt(scope, reason, context) {
      // In memory first: nothing more is accepted even if the database is what failed.
      open.add(scope);
      logger.fatal({ halt: { scope, reason, context } }, `halted ${scope}: ${reason}`);
      await db
        .insert(halts)
        .values({ scope, reason: reason.slice(0, 1000), context: context ?? null, haltedAt: clock.now() })
        .onConflictDoNothing();
    },

    async resume(actor, scope) {
      const at = clock.now();
      const row = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const [resumed] = await tx
          .update(halts)
          .set({ resumedAt: at, resumedBy: actor.staffId })
          .where(and(eq(halts.scope, scope), isNull(halts.resumedAt)))
          .returning();
        if (!resumed) throw new AppError('halts.errors.not_halted');
        await recordAudit(tx, {
          actor,
          action: 'halt.resume',
          target: { type: 'halt', id: resumed.id.toString() },
          before: { scope, reason: resumed.reason, halted_at: resumed.haltedAt.toISOString() },
          after: { scope, resumed_at: at.toISOString() },
          at,
        });
        return resumed;
      });
      for (const { prefix, listener } of resumeListeners) {
        if (scope === prefix || scope.startsWith(`${prefix}:`)) await listener(scope);
      }
      open.delete(scope);
      return view(row);
    },

    async list() {
      const [openRows, recentRows] = await Promise.all([
        db.select().from(halts).where(isNull(halts.resumedAt)).orderBy(desc(halts.haltedAt)),
        db
          .select()
          .from(halts)
          .where(isNotNull(halts.resumedAt))
          .orderBy(desc(halts.resumedAt))
          .limit(recentResumedMax),
      ]);
      return { open: openRows.map(view), recent: recentRows.map(view) };
    },

    onResume(prefix, listener) {
      resumeListeners.push({ prefix, listener });
    },
  };
}
