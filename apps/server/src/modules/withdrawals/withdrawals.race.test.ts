/**
 * Withdrawals under races (reliability cases 1, 2 and 5) and the payout worker under concurrent
 * runs and failures. Requests go through the real service with the payment password and code
 * checks stood in (each request would need its own code, and only the newest code of a user
 * works): what is raced is the transaction that checks the limit and holds the funds. Races
 * prove something on PostgreSQL; PGlite, with one connection, runs them one after another.
 */

import type { WithdrawalRecord } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../platform/http/app-error';
import type { Principal } from '../../platform/http/route-policy';
import { announcedSeed, expectLedgerClean, reportFigures } from '../../test-support/money-test';
import { startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { holdByReference, userAccountBalances } from '../ledger';
import { freshAddress, payoutStandInOf, type Withdrawer, withdrawalFixtures } from './withdrawals.fixtures';
import { sendDuePayouts } from './withdrawals.jobs';
import type { PayoutGateway, PayoutOrder } from './withdrawals.payouts';
import { withdrawalPayouts, withdrawals } from './withdrawals.schema';
import { createWithdrawalsService, type WithdrawalRequest } from './withdrawals.service';

const staff: Record<string, Principal> = {
  'staff-finance': { kind: 'staff', staffId: 81, roles: ['finance'] },
};
const btc = 1;
const oneBtc = 100_000_000n;
const btcFee = 20_000n;

function errorKey(error: unknown): string {
  return error instanceof AppError ? error.key : String(error);
}

describe.each(testDatabases())('withdrawals under races on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock(new Date().toISOString());
  const fixtures = withdrawalFixtures(() => testApp);
  const { caller, newWithdrawer, saveAddress } = fixtures;
  const db = () => testApp.database.db;
  let service: ReturnType<typeof createWithdrawalsService>;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { env: { DEMO: 'true' }, staffStandIns: staff, clock });
    service = createWithdrawalsService({
      db: db(),
      clock,
      ledger: testApp.services.ledger,
      prices: testApp.services.market,
      credentials: { verify: async () => {} },
      // One approval each: the two-person rule has tests of its own.
      twoPersonAboveMicros: 10n ** 30n,
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const spot = async (user: Withdrawer) => {
    const account = (await userAccountBalances(db(), user.userId)).find(
      (row) => row.currencyId === btc && row.kind === 2,
    );
    return { balance: account?.balance ?? 0n, held: account?.held ?? 0n };
  };

  async function btcWithdrawer(units: bigint) {
    const user = await newWithdrawer({ funds: [{ currencyId: btc, units }] });
    const addressId = await saveAddress(user, { currency: btc, chain: 'BTC', address: freshAddress('BTC') });
    const request = (number: string): WithdrawalRequest => ({
      userId: user.userId,
      currency: btc,
      number,
      chain: undefined,
      addressId,
      address: undefined,
      bankCardId: undefined,
      payPassword: 'stood-in',
      code: '000000',
      idempotencyKey: undefined,
    });
    return { user, request };
  }

  async function settle(promises: Promise<WithdrawalRecord>[]) {
    const results = await Promise.allSettled(promises);
    return {
      accepted: results.filter((result) => result.status === 'fulfilled').length,
      refusals: results.flatMap((result) => (result.status === 'rejected' ? [errorKey(result.reason)] : [])),
    };
  }

  it('accepts exactly floor(B / (a + fee)) of N parallel withdrawals of one balance (case 1)', async () => {
    const seed = announcedSeed('parallel withdrawals of one balance');
    const attempts = 12 + (seed % 8);
    const amount = oneBtc / 10n;
    const balance = oneBtc;
    const { user, request } = await btcWithdrawer(balance);
    const { accepted, refusals } = await settle(
      Array.from({ length: attempts }, () => service.request(request('0.1'))),
    );
    const expected = Number(balance / (amount + btcFee));
    expect(accepted).toBe(expected);
    expect(new Set(refusals)).toEqual(new Set(['ledger.errors.insufficient_balance']));
    expect(await spot(user)).toEqual({ balance, held: BigInt(expected) * (amount + btcFee) });
    reportFigures(testDatabase.name, [
      {
        label: 'double-spend attempts on one balance (withdrawals)',
        tried: attempts - expected,
        bad: accepted - expected,
        badLabel: 'succeeded',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('ends a request exactly once when approve, reject and cancel race (case 5)', async () => {
    const rounds = 10;
    const { user, request } = await btcWithdrawer(oneBtc);
    let doubleEnds = 0;
    for (let round = 0; round < rounds; round += 1) {
      const record = await service.request(request('0.01'));
      const replies = await Promise.all([
        caller.post(
          '/admin/withdrawals/decide',
          { id: record.id, decision: 'approve' },
          { token: 'staff-finance' },
        ),
        caller.post(
          '/admin/withdrawals/decide',
          { id: record.id, decision: 'reject', reason: 'Race' },
          { token: 'staff-finance' },
        ),
        caller.post('/user/withdraw/cancel', { id: record.id }, { token: user.token }),
      ]);
      const winners = replies.filter((reply) => reply.body.type === 'ok');
      if (winners.length !== 1) doubleEnds += 1;
      for (const reply of replies.filter((candidate) => candidate.body.type !== 'ok')) {
        expect(reply.body.message).toBe('This withdrawal has already been processed');
      }
      const [row] = await db().select().from(withdrawals).where(eq(withdrawals.id, record.id));
      const hold = await holdByReference(db(), `withdrawal:${record.id}`);
      expect(hold?.state).toBe(row?.status === 'approved' ? 'posted' : 'released');
      expect((winners[0]?.body.message as { status?: string } | undefined)?.status).toBe(row?.status);
    }
    const { held } = await spot(user);
    expect(held).toBe(0n);
    reportFigures(testDatabase.name, [
      {
        label: 'withdrawal approve/reject/cancel races',
        tried: rounds,
        bad: doubleEnds,
        badLabel: 'ended twice',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('never lets parallel withdrawals exceed the 24-hour limit (case 2)', async () => {
    // Lv1: 200 BTC a day. 30 BTC each: six fit (180), a seventh would make 210.
    const attempts = 14;
    const { user, request } = await btcWithdrawer(1000n * oneBtc);
    const { accepted, refusals } = await settle(
      Array.from({ length: attempts }, () => service.request(request('30'))),
    );
    expect(accepted).toBe(6);
    expect(new Set(refusals)).toEqual(new Set(['withdrawals.errors.limit_exceeded']));
    // What is left of the limit still fits, exactly.
    await service.request(request('20'));
    await expect(service.request(request('0.001'))).rejects.toMatchObject({
      key: 'withdrawals.errors.limit_exceeded',
    });
    // A cancelled request gives its share back.
    const [first] = await db().select().from(withdrawals).where(eq(withdrawals.userId, user.userId)).limit(1);
    await service.cancel({ userId: user.userId, id: first?.id ?? 0 });
    await service.request(request('30'));
    // 24 hours later the window has moved on.
    clock.advance(24 * 60 * 60 * 1000 + 1);
    const later = await settle(Array.from({ length: 8 }, () => service.request(request('30'))));
    expect(later.accepted).toBe(6);
    const rows = await db().select().from(withdrawals).where(eq(withdrawals.userId, user.userId));
    const live = rows.filter((row) => row.status === 'pending' || row.status === 'approved');
    expect(live.every((row) => row.limitBtc === String(200n * oneBtc))).toBe(true);
    reportFigures(testDatabase.name, [
      {
        label: 'withdrawals racing the 24-hour limit',
        tried: attempts + 8,
        bad: accepted - 6 + (later.accepted - 6),
        badLabel: 'over the limit',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });
});

describe.each(testDatabases())('the payout worker on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock(new Date().toISOString());
  const fixtures = withdrawalFixtures(() => testApp);
  const { caller, okMessage, newWithdrawer, saveAddress } = fixtures;
  const db = () => testApp.database.db;
  let service: ReturnType<typeof createWithdrawalsService>;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { env: { DEMO: 'true' }, staffStandIns: staff, clock });
    service = createWithdrawalsService({
      db: db(),
      clock,
      ledger: testApp.services.ledger,
      prices: testApp.services.market,
      credentials: { verify: async () => {} },
      // One approval each: the two-person rule has tests of its own.
      twoPersonAboveMicros: 10n ** 30n,
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function approvedWithdrawals(count: number): Promise<number[]> {
    const user = await newWithdrawer({ funds: [{ currencyId: btc, units: oneBtc }] });
    const addressId = await saveAddress(user, { currency: btc, chain: 'BTC', address: freshAddress('BTC') });
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const record = await service.request({
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
      await okMessage(
        caller.post(
          '/admin/withdrawals/decide',
          { id: record.id, decision: 'approve' },
          { token: 'staff-finance' },
        ),
      );
      ids.push(record.id);
    }
    return ids;
  }

  const payoutRow = async (withdrawalId: number) => {
    const [row] = await db()
      .select()
      .from(withdrawalPayouts)
      .where(eq(withdrawalPayouts.withdrawalId, withdrawalId));
    return row;
  };

  it('sends each payout once however many workers run at once', async () => {
    const standIn = payoutStandInOf(testApp);
    standIn.failWith('gateway down');
    const ids = await approvedWithdrawals(6);
    // The app's own worker tried them on approval and failed; they wait for their retry. A claim
    // counts the attempt before the send fails, so wait for the failure itself to be recorded.
    await vi.waitFor(
      async () => {
        for (const id of ids) {
          expect(await payoutRow(id)).toMatchObject({
            status: 'queued',
            lastError: 'gateway down',
            sentAt: null,
          });
          expect((await payoutRow(id))?.attempts).toBeGreaterThanOrEqual(1);
        }
      },
      { timeout: 10_000 },
    );
    standIn.failWith(null);
    clock.advance(60_000);
    const calls: PayoutOrder[] = [];
    const counting: PayoutGateway = {
      async send(payout) {
        calls.push(payout);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { externalRef: `counted-${payout.payoutId}` };
      },
    };
    await Promise.all(
      Array.from({ length: 5 }, () => sendDuePayouts({ db: db(), clock, gateway: counting })),
    );
    // The app's own worker (its timer, through the stand-in) may have claimed some of them while
    // these five ran, and may still be sending: wait for it, then count every send.
    for (const id of ids) {
      await vi.waitFor(async () => expect((await payoutRow(id))?.status).toBe('sent'), { timeout: 10_000 });
    }
    let sentTwice = 0;
    for (const id of ids) {
      const sends =
        calls.filter((call) => call.withdrawalId === id).length +
        standIn.calls.filter((call) => call.withdrawalId === id).length;
      if (sends !== 1) sentTwice += 1;
    }
    expect(sentTwice).toBe(0);
    // Nothing is due any more: another run sends nothing.
    expect(await sendDuePayouts({ db: db(), clock, gateway: counting })).toEqual({ sent: 0, failed: 0 });
    reportFigures(testDatabase.name, [
      {
        label: 'payouts under concurrent workers',
        tried: ids.length,
        bad: sentTwice,
        badLabel: 'sent twice',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('retries a failing payout with backoff, then leaves it failed for staff', async () => {
    const standIn = payoutStandInOf(testApp);
    standIn.failWith('account frozen');
    const [id] = await approvedWithdrawals(1);
    // The first attempt, by the app's own worker, is over once its failure is recorded.
    await vi.waitFor(
      async () =>
        expect(await payoutRow(id ?? 0)).toMatchObject({ attempts: 1, lastError: 'account frozen' }),
      { timeout: 10_000 },
    );
    // Not due yet: a run now sends nothing.
    expect(await sendDuePayouts({ db: db(), clock, gateway: standIn })).toEqual({ sent: 0, failed: 0 });
    for (let attempt = 2; attempt <= 8; attempt += 1) {
      clock.advance(60 * 60_000 + 1);
      await sendDuePayouts({ db: db(), clock, gateway: standIn });
    }
    expect(await payoutRow(id ?? 0)).toMatchObject({
      status: 'failed',
      attempts: 8,
      lastError: 'account frozen',
    });
    clock.advance(60 * 60_000 + 1);
    standIn.failWith(null);
    expect(await sendDuePayouts({ db: db(), clock, gateway: standIn })).toEqual({ sent: 0, failed: 0 });
    const queue = await okMessage<{ list: { id: number; payout: { status: string } | null }[] }>(
      testApp.call({
        method: 'GET',
        url: '/api/admin/withdrawals?status=approved',
        headers: { authorization: 'staff-finance' },
      }),
    );
    expect(queue.list.find((entry) => entry.id === id)?.payout).toMatchObject({
      status: 'failed',
      attempts: 8,
      last_error: 'account frozen',
    });
    await expectLedgerClean(testApp.database);
  });
});
