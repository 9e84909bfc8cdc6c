import { billReplySchema, demoFundsReplySchema, walletListReplySchema } from '@fairex/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean } from '../../test-support/money-test';
import { startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { createLedger } from '../ledger';
import { demoUser, seedDemoUser } from './wallet.demo';
import { currencyIds, okMessage, walletCallers, walletMessages } from './wallet.fixtures';

describe.each(testDatabases())('demo mode money on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock('2026-11-20T23:00:00.000Z');
  const { db, post, newUser, balances, entryCount } = walletCallers(() => testApp, clock);

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, env: { DEMO: 'true' } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('seeds a demo user who signs in with the published password and holds faucet money', async () => {
    const login = await post('/user/login', { user_string: demoUser.email, password: demoUser.password });
    const token = okMessage(login) as string;
    const list = walletListReplySchema.parse(okMessage(await post('/wallet/list', {}, token)));
    const usdtOf = (rows: typeof list.change.list) => rows.find((row) => row.currency === 'USDT')?.balance;
    expect(usdtOf(list.change.list)).toBe('10000.000000');
    expect(list.change.list.find((row) => row.currency === 'BTC')?.balance).toBe('0.50000000');
    expect(list.change.list.find((row) => row.currency === 'ETH')?.balance).toBe('5.00000000');
    expect([usdtOf(list.legal.list), usdtOf(list.lever.list), usdtOf(list.micro.list)]).toEqual([
      '1000.000000',
      '2000.000000',
      '500.000000',
    ]);
    const bill = billReplySchema.parse(okMessage(await post('/wallet/legal_log', {}, token)));
    expect(new Set(bill.list.map((line) => line.kind))).toEqual(new Set(['demo_funds']));
    expect(bill.list[0]?.reference).toMatch(/^demo-user-funds:\d+$/);

    // A restart seeds again: the same user, no second payment.
    const entries = await entryCount();
    const before = bill.list[0]?.entry_id;
    const userId = await seedDemoUser({ db: db(), clock, ledger: createLedger() });
    await seedDemoUser({ db: db(), clock, ledger: createLedger() });
    expect(await entryCount()).toBe(entries);
    const again = billReplySchema.parse(okMessage(await post('/wallet/legal_log', {}, token)));
    expect(again.list[0]?.entry_id).toBe(before);
    expect(userId).toBeGreaterThan(0);
    await expectLedgerClean(testApp.database);
  });

  it('gives test funds from the faucet once per UTC day', async () => {
    const user = await newUser();
    const first = demoFundsReplySchema.parse(okMessage(await post('/wallet/demo_funds', {}, user.token)));
    expect(first.credited.map((item) => [item.currency, item.amount])).toEqual([
      ['USDT', '10000.000000'],
      ['BTC', '0.50000000'],
      ['ETH', '5.00000000'],
    ]);
    expect(first.type).toBe('change');
    expect(new Date(first.next_at).toISOString()).toBe('2026-11-21T00:00:00.000Z');
    const entries = await entryCount();
    const second = await post('/wallet/demo_funds', {}, user.token);
    expect(second.body).toEqual({ type: 'error', message: walletMessages.demoClaimed });
    expect(await entryCount()).toBe(entries);
    // Parallel claims on the same day: still one.
    const burst = await Promise.all(
      Array.from({ length: 6 }, () => post('/wallet/demo_funds', {}, user.token)),
    );
    expect(burst.filter((reply) => reply.body.type === 'ok')).toHaveLength(0);

    clock.advance(60 * 60_000);
    const nextDay = await Promise.all(
      Array.from({ length: 6 }, () => post('/wallet/demo_funds', {}, user.token)),
    );
    expect(nextDay.filter((reply) => reply.body.type === 'ok')).toHaveLength(1);
    const spotUsdt = (await balances(user)).find(
      (row) => row.currencyId === currencyIds.usdt && row.kind === 2,
    );
    expect(spotUsdt?.balance).toBe(20_000_000_000n);
    const bill = billReplySchema.parse(
      okMessage(await post('/wallet/legal_log', { kind: 'demo_funds' }, user.token)),
    );
    expect(bill.list).toHaveLength(6);
    expect(bill.list.every((line) => BigInt(line.amount.replace('.', '')) > 0n)).toBe(true);
    await expectLedgerClean(testApp.database);
  });

  it('needs a session', async () => {
    expect((await post('/wallet/demo_funds', {})).body.type).toBe(999);
  });
});
