/**
 * Scheduled work runs exactly once: not before it is due, in due order when catching up, its
 * effect and its done mark in one transaction (a failure leaves neither), deferred when an input
 * is missing, never twice when two workers race for it (PostgreSQL), and never once cancelled.
 */
import { InvariantError, invariant } from '@fairex/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { steppingClock } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { createScheduler, type DueWork, type WorkHandler } from './schedule.service';

const silent = { warn: () => {}, error: () => {} };

describe.each(testDatabases())('scheduled work on $name', (testDatabase) => {
  let database: DatabaseHandle;
  const clock = steppingClock('2026-11-26T00:00:00.000Z');
  const at = (seconds: number) => new Date(Date.parse('2026-11-26T00:00:00.000Z') + seconds * 1000);

  beforeAll(async () => {
    database = await testDatabase.open();
    // A scratch table the handlers write their effects to.
    await database.db.execute(sql`create table work_effects (key text primary key, note text)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  const effects = async (prefix: string) =>
    (
      await rowsOf<{ key: string }>(
        database.db,
        sql`select key from work_effects where key like ${`${prefix}%`} order by key`,
      )
    ).map((row) => row.key);
  const schedulerWith = (kind: string, handler: WorkHandler, onInvariantBroken?: (work: DueWork) => void) => {
    const scheduler = createScheduler({
      db: database.db,
      clock,
      logger: silent,
      ...(onInvariantBroken ? { onInvariantBroken } : {}),
    });
    scheduler.handle(kind, handler);
    return scheduler;
  };
  const schedule = (scheduler: ReturnType<typeof createScheduler>, kind: string, key: string, dueAt: Date) =>
    database.db.transaction((tx) => scheduler.schedule(tx as never, { kind, key, dueAt }));
  const record: (order: string[]) => WorkHandler = (order) => async (tx, work) => {
    order.push(work.key);
    await tx.execute(sql`insert into work_effects (key) values (${work.key})`);
    return { done: true };
  };

  it('runs an item once it is due, once, however often it is scheduled or looked for', async () => {
    const order: string[] = [];
    const scheduler = schedulerWith('once', record(order));
    await schedule(scheduler, 'once', 'once:1', at(10));
    await schedule(scheduler, 'once', 'once:1', at(99));
    expect(await scheduler.runDue(at(9))).toBe(0);
    expect(await scheduler.runDue(at(10))).toBe(1);
    expect(await scheduler.runDue(at(20))).toBe(0);
    expect(order).toEqual(['once:1']);
    expect(await effects('once:')).toEqual(['once:1']);
    expect(await scheduler.pending('once')).toBe(0);
  });

  it('catches up everything that fell due during an outage, oldest first', async () => {
    const order: string[] = [];
    const scheduler = schedulerWith('catch-up', record(order));
    for (const [key, second] of [
      ['c', 30],
      ['a', 10],
      ['e', 50],
      ['b', 20],
      ['d', 40],
    ] as const) {
      await schedule(scheduler, 'catch-up', `catch-up:${key}`, at(second));
    }
    expect(await scheduler.runDue(at(3600))).toBe(5);
    expect(order).toEqual(['catch-up:a', 'catch-up:b', 'catch-up:c', 'catch-up:d', 'catch-up:e']);
  });

  it('runs items due at the same moment in the order they were scheduled, past the tenth', async () => {
    const order: string[] = [];
    const scheduler = schedulerWith('tie', record(order));
    const keys = Array.from({ length: 12 }, (_, index) => `tie:${String.fromCharCode(97 + index)}`);
    for (const key of keys) await schedule(scheduler, 'tie', key, at(5));
    expect(await scheduler.runDue(at(5))).toBe(12);
    expect(order).toEqual(keys);
  });

  it('commits the effect and the done mark together: a failure leaves neither, and a retry runs it once', async () => {
    let fail = true;
    const scheduler = schedulerWith('fragile', async (tx, work) => {
      await tx.execute(sql`insert into work_effects (key) values (${work.key})`);
      if (fail) throw new Error('the world went away');
      return { done: true };
    });
    await schedule(scheduler, 'fragile', 'fragile:1', at(5));
    expect(await scheduler.runDue(at(5))).toBe(0);
    expect(await effects('fragile:')).toEqual([]);
    expect(await scheduler.pending('fragile')).toBe(1);
    fail = false;
    // It waits before trying again, then runs once.
    expect(await scheduler.runDue(at(5.5))).toBe(0);
    expect(await scheduler.runDue(at(7))).toBe(1);
    expect(await effects('fragile:')).toEqual(['fragile:1']);
  });

  it('defers an item whose input is not recorded yet, and runs it when asked to try again', async () => {
    let recorded = false;
    const scheduler = schedulerWith('waits', async (tx, work, now) => {
      if (!recorded) return { retryAt: new Date(now.getTime() + 1000), reason: 'no tick at expiry yet' };
      await tx.execute(sql`insert into work_effects (key) values (${work.key})`);
      return { done: true };
    });
    await schedule(scheduler, 'waits', 'waits:1', at(100));
    expect(await scheduler.runDue(at(100))).toBe(0);
    recorded = true;
    expect(await scheduler.runDue(at(100.5))).toBe(0);
    expect(await scheduler.runDue(at(101))).toBe(1);
    expect(await effects('waits:')).toEqual(['waits:1']);
  });

  it('never runs a cancelled item', async () => {
    const order: string[] = [];
    const scheduler = schedulerWith('cancelled', record(order));
    await schedule(scheduler, 'cancelled', 'cancelled:1', at(1));
    expect(
      await database.db.transaction((tx) => scheduler.cancel(tx as never, 'cancelled', 'cancelled:1')),
    ).toBe(true);
    expect(await scheduler.runDue(at(10))).toBe(0);
    expect(order).toEqual([]);
  });

  it('reports a broken invariant so the caller can halt what the work belongs to', async () => {
    const broken: string[] = [];
    const scheduler = schedulerWith(
      'broken',
      async () => {
        invariant(false, 'a settlement would pay more than the pool reserved');
        return { done: true };
      },
      (work) => broken.push(work.key),
    );
    await schedule(scheduler, 'broken', 'broken:1', at(1));
    expect(await scheduler.runDue(at(1))).toBe(0);
    expect(broken).toEqual(['broken:1']);
    expect(new InvariantError('x')).toBeInstanceOf(Error);
  });

  it.runIf(testDatabase.name === 'postgres')(
    'lets two workers race over the same due items and still runs each exactly once',
    async () => {
      const handler = record([]);
      const first = schedulerWith('race', handler);
      const second = schedulerWith('race', handler);
      const count = 60;
      for (let index = 0; index < count; index += 1) {
        await schedule(first, 'race', `race:${String(index).padStart(3, '0')}`, at(index / 10));
      }
      const [a, b] = await Promise.all([first.runDue(at(60)), second.runDue(at(60))]);
      console.log(`[reliability postgres] scheduled work raced by 2 workers: ${count} items, ${a}+${b} runs`);
      expect(a + b).toBe(count);
      expect(await effects('race:')).toHaveLength(count);
    },
  );

  it.runIf(testDatabase.name === 'postgres')(
    'cancels without waiting for an item the worker is running (its handler then finds nothing owed)',
    async () => {
      // The worker holds the item's row and waits for the order row; the canceller holds the order
      // row (a redemption) and cancels the item. Waiting for the item's row there would deadlock.
      await database.db.execute(sql`insert into work_effects (key, note) values ('order:1', 'open')`);
      let reachedOrder: () => void = () => {};
      const handlerWaits = new Promise<void>((resolve) => {
        reachedOrder = resolve;
      });
      const scheduler = schedulerWith('running', async (tx, work) => {
        reachedOrder();
        const [order] = await rowsOf<{ note: string }>(
          tx,
          sql`select note from work_effects where key = 'order:1' for update`,
        );
        if (order?.note === 'open')
          await tx.execute(sql`insert into work_effects (key) values (${work.key})`);
        return { done: true };
      });
      await schedule(scheduler, 'running', 'running:1', at(1));
      const cancelled = await database.db.transaction(async (tx) => {
        await tx.execute(sql`update work_effects set note = 'redeemed' where key = 'order:1'`);
        const run = scheduler.runDue(at(10));
        await handlerWaits;
        const result = await scheduler.cancel(tx as never, 'running', 'running:1');
        return { result, run };
      });
      expect(cancelled.result).toBe(false);
      expect(await cancelled.run).toBe(1);
      expect(await effects('running:')).toEqual([]);
      expect(await scheduler.pending('running')).toBe(0);
    },
  );
});
