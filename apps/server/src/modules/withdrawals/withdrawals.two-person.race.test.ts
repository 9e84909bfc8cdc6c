/**
 * Four eyes under races (reliability.md case 5 with the two-person rule): with every approval
 * needing two people, one staff member approving twice at once records one approval; two staff
 * members approving at once make exactly one "first" approval and one real approval, which posts
 * the hold and queues exactly one payout; a second approval racing a rejection ends the request
 * once. Requests go through the real service with the payment password and code stood in (see
 * withdrawals.race.test.ts); decisions go through the real route. Races prove something on
 * PostgreSQL; PGlite, with one connection, runs them one after another.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { announcedSeed, expectLedgerClean, reportFigures } from '../../test-support/money-test';
import { startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { holdByReference } from '../ledger';
import { freshAddress, withdrawalFixtures } from './withdrawals.fixtures';
import { withdrawalPayouts, withdrawals } from './withdrawals.schema';
import { createWithdrawalsService } from './withdrawals.service';

const tokens = { first: 'four-eyes-first', second: 'four-eyes-second', third: 'four-eyes-third' } as const;
const staff: Record<string, Principal> = {
  [tokens.first]: { kind: 'staff', staffId: 61, roles: ['finance'] },
  [tokens.second]: { kind: 'staff', staffId: 62, roles: ['finance'] },
  [tokens.third]: { kind: 'staff', staffId: 63, roles: ['finance'] },
};
const btc = 1;
const oneBtc = 100_000_000n;
const rounds = 5;
const en = serverMessages.en;

describe.each(testDatabases())('two-person withdrawal approvals racing on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock(new Date().toISOString());
  const { caller, newWithdrawer, saveAddress } = withdrawalFixtures(() => testApp);
  const db = () => testApp.database.db;
  let service: ReturnType<typeof createWithdrawalsService>;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, {
      env: { DEMO: 'true', APPROVAL_TWO_PERSON_ABOVE_USDT: '0' },
      staffStandIns: staff,
      clock,
    });
    service = createWithdrawalsService({
      db: db(),
      clock,
      ledger: testApp.services.ledger,
      prices: testApp.services.market,
      credentials: { verify: async () => {} },
      twoPersonAboveMicros: 0n,
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const decide = (id: number, token: string, decision: 'approve' | 'reject') =>
    caller.post(
      '/admin/withdrawals/decide',
      decision === 'approve' ? { id, decision } : { id, decision, reason: 'Race' },
      { token },
    );
  const statusOf = (reply: { body: { type: unknown; message: unknown } }) =>
    reply.body.type === 'ok' ? (reply.body.message as { status: string }).status : String(reply.body.message);
  const payoutsOf = async (id: number) =>
    (
      await db().select({ n: count() }).from(withdrawalPayouts).where(eq(withdrawalPayouts.withdrawalId, id))
    )[0]?.n ?? 0;
  const rowOf = async (id: number) =>
    (await db().select().from(withdrawals).where(eq(withdrawals.id, id)))[0];

  it('counts each person once and pays out once, whatever races', async () => {
    const seed = announcedSeed('two-person withdrawal race');
    const user = await newWithdrawer({ funds: [{ currencyId: btc, units: oneBtc }] });
    const addressId = await saveAddress(user, { currency: btc, chain: 'BTC', address: freshAddress('BTC') });
    const withdraw = () =>
      service.request({
        userId: user.userId,
        currency: btc,
        number: '0.01',
        chain: undefined,
        addressId,
        address: undefined,
        bankCardId: undefined,
        payPassword: 'stood-in',
        code: '000000',
        idempotencyKey: undefined,
      });
    let races = 0;
    let wrongOutcomes = 0;
    let doublePayouts = 0;
    for (let round = 0; round < rounds; round += 1) {
      // The same person twice at once: one approval, the other refused, still pending.
      const same = await withdraw();
      const sameStatuses = (
        await Promise.all([
          decide(same.id, tokens.first, 'approve'),
          decide(same.id, tokens.first, 'approve'),
        ])
      )
        .map(statusOf)
        .sort();
      races += 1;
      if (
        JSON.stringify(sameStatuses) !==
          JSON.stringify([en['approvals.errors.already_approved_by_you'], 'pending'].sort()) ||
        (await rowOf(same.id))?.status !== 'pending' ||
        (await payoutsOf(same.id)) !== 0
      ) {
        wrongOutcomes += 1;
      }

      // Two people at once: one first approval, one real approval, one payout queued.
      const pair = await withdraw();
      const order = (seed + round) % 2 === 0 ? [tokens.first, tokens.second] : [tokens.second, tokens.first];
      const pairReplies = await Promise.all(order.map((token) => decide(pair.id, token, 'approve')));
      const pairStatuses = pairReplies.map(statusOf).sort();
      // Each approval names what it approved: the amount paid out and the frozen address.
      const approved = pairReplies.find((reply) => statusOf(reply) === 'approved')?.body.message as
        | { approvals: { amount: string; currency: string; destination: string }[] }
        | undefined;
      if (round === 0) {
        expect(approved?.approvals).toHaveLength(2);
        for (const approval of approved?.approvals ?? []) {
          expect(approval).toMatchObject({ amount: '0.01000000', currency: 'BTC' });
          expect(approval.destination).toMatch(/^BTC \S+$/);
        }
      }
      races += 1;
      if (
        JSON.stringify(pairStatuses) !== JSON.stringify(['approved', 'pending']) ||
        (await rowOf(pair.id))?.status !== 'approved' ||
        (await holdByReference(db(), `withdrawal:${pair.id}`))?.state !== 'posted'
      ) {
        wrongOutcomes += 1;
      }
      if ((await payoutsOf(pair.id)) !== 1) doublePayouts += 1;

      // After a first approval, a second approval races a rejection: ended once.
      const last = await withdraw();
      await caller.post(
        '/admin/withdrawals/decide',
        { id: last.id, decision: 'approve' },
        { token: tokens.first },
      );
      const endReplies = await Promise.all([
        decide(last.id, tokens.second, 'approve'),
        decide(last.id, tokens.third, 'reject'),
      ]);
      races += 1;
      const row = await rowOf(last.id);
      const hold = await holdByReference(db(), `withdrawal:${last.id}`);
      if (
        endReplies.filter((reply) => reply.body.type === 'ok').length !== 1 ||
        row?.status === 'pending' ||
        hold?.state !== (row?.status === 'approved' ? 'posted' : 'released')
      ) {
        wrongOutcomes += 1;
      }
      if ((await payoutsOf(last.id)) !== (row?.status === 'approved' ? 1 : 0)) doublePayouts += 1;
      // The pending one of this round is rejected so the balance is free for the next.
      await caller.post(
        '/admin/withdrawals/decide',
        { id: same.id, decision: 'reject', reason: 'Done' },
        {
          token: tokens.third,
        },
      );
    }
    reportFigures(testDatabase.name, [
      { label: 'two-person withdrawal races', tried: races, bad: wrongOutcomes, badLabel: 'wrong outcomes' },
      { label: 'two-person payout attempts', tried: races, bad: doublePayouts, badLabel: 'queued twice' },
    ]);
    await expectLedgerClean(testApp.database);
  });
});
