import {
  type BillPage,
  billReplySchema,
  currencyListReplySchema,
  type TransferHistory,
  transferHistoryReplySchema,
  userCurrencyListReplySchema,
  type WalletList,
  walletChangeReplySchema,
  walletDetailReplySchema,
  walletInfoReplySchema,
  walletListReplySchema,
} from '@fairex/contract';
import { userAccountKinds as kindIds, userAccountKindNames } from '@fairex/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleManifests, servedAccountKindsOf } from '../../composition';
import type { Database } from '../../platform/db/database';
import { expectLedgerClean, fundUser, reportFigures } from '../../test-support/money-test';
import { startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { createLedger, userAccountKinds } from '../ledger';
import { addExact, roundedEquivalent, usdtValue } from './wallet.domain';
import { currencyIds, okMessage, type TestUser, walletCallers, walletMessages } from './wallet.fixtures';

const startIso = '2026-11-20T15:00:00.000Z';
const { btc, eth, usdt } = currencyIds;

describe.each(testDatabases())('wallet routes on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock(startIso);
  const { db, call, post, get, newUser, change, balances, entryCount } = walletCallers(() => testApp, clock);

  const walletList = async (user: TestUser): Promise<WalletList> =>
    walletListReplySchema.parse(okMessage(await post('/wallet/list', {}, user.token)));
  const bill = async (user: TestUser, filter: Record<string, unknown> = {}): Promise<BillPage> =>
    billReplySchema.parse(okMessage(await post('/wallet/legal_log', filter, user.token)));
  const history = async (user: TestUser, page = 1): Promise<TransferHistory> =>
    transferHistoryReplySchema.parse(okMessage(await get(`/wallet/hzhistory?page=${page}`, user.token)));
  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock });
    await testApp.services.market.step(clock.now());
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('states a policy on every wallet route', () => {
    const policyOf = (url: string) => testApp.app.registeredRoutes.find((route) => route.url === url)?.policy;
    expect(policyOf('/api/currency/list')).toEqual({ kind: 'public' });
    expect(policyOf('/api/wallet/getRateCurrency')).toEqual({ kind: 'public' });
    for (const url of [
      '/api/currency/user_currency_list',
      '/api/wallet/list',
      '/api/wallet/detail',
      '/api/wallet/get_info',
      '/api/wallet/change',
      '/api/wallet/hzhistory',
      '/api/wallet/legal_log',
      '/api/wallet/bill.csv',
    ]) {
      expect(policyOf(url), url).toEqual({ kind: 'user' });
    }
  });

  it('documents every wallet route with its reply shape in the OpenAPI document', async () => {
    const document = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const paths = document.json().paths as Record<
      string,
      Record<string, { responses?: unknown; summary?: string }>
    >;
    for (const [path, method] of [
      ['/api/currency/list', 'get'],
      ['/api/currency/user_currency_list', 'get'],
      ['/api/wallet/list', 'post'],
      ['/api/wallet/detail', 'post'],
      ['/api/wallet/get_info', 'post'],
      ['/api/wallet/getRateCurrency', 'get'],
      ['/api/wallet/change', 'post'],
      ['/api/wallet/hzhistory', 'get'],
      ['/api/wallet/legal_log', 'post'],
      ['/api/wallet/bill.csv', 'get'],
    ] as const) {
      const operation = paths[path]?.[method];
      expect(operation?.summary, path).toMatch(/\S/);
    }
    const change = JSON.stringify(paths['/api/wallet/change']?.post?.responses);
    expect(change).toContain('from_available');
  });

  it('has no test funds route outside demo mode', async () => {
    const user = await newUser();
    expect((await post('/wallet/demo_funds', {}, user.token)).status).toBe(404);
  });

  it('lists the coin entries of spec section 3 in their default order, then the other listed coins', async () => {
    const list = currencyListReplySchema.parse(okMessage(await get('/currency/list')));
    expect(list.slice(0, 4).map((coin) => [coin.id, coin.name, coin.subName])).toEqual([
      [usdt, 'USDT', 'ERC20'],
      [usdt, 'USDT', 'TRC20'],
      [eth, 'ETH', null],
      [btc, 'BTC', null],
    ]);
    // Every coin Markets lists trades against USDT, so the ledger counts it (issue 16 item 3).
    expect(list.slice(4).map((coin) => coin.name)).toEqual([
      ...['BNB', 'SOL', 'XRP', 'ADA', 'DOGE', 'TRX', 'TON', 'DOT', 'LINK', 'POL'],
      ...['LTC', 'BCH', 'AVAX', 'UNI', 'ATOM', 'ETC', 'FIL', 'NEAR'],
    ]);
    expect(list[3]).toMatchObject({
      image: '/coins/btc.svg',
      status: 1,
      scale: 8,
      withdraw_min: '0.00100000',
      withdraw_fee: '0.00020000',
    });
    expect(list[0]).toMatchObject({ chain: 'ERC20', withdraw_min: '10.000000', withdraw_fee: '1.000000' });
  });

  it('asks for a session on the user’s routes', async () => {
    for (const reply of [
      await get('/currency/user_currency_list'),
      await post('/wallet/list', {}),
      await post('/wallet/change', { currency_id: 1, number: '1', from_field: 'change', to_field: 'lever' }),
      await get('/wallet/hzhistory'),
      await post('/wallet/legal_log', {}),
      await get('/wallet/bill.csv'),
    ]) {
      expect(reply.body).toEqual({ type: 999, message: walletMessages.sessionInvalid });
    }
  });

  it('shows every account per kind with balance, available, frozen and equivalents citing ticks', async () => {
    const user = await newUser();
    await fundUser(testApp.database, { userId: user.userId, currencyId: btc, units: 150_000_000n });
    await fundUser(testApp.database, { userId: user.userId, currencyId: usdt, units: 1_234_567_891n });
    await fundUser(testApp.database, {
      userId: user.userId,
      currencyId: usdt,
      units: 5_000_000n,
      kind: userAccountKinds.micro,
    });
    // 0.2 BTC held (as a pending withdrawal would): frozen, not available.
    const holdReference = `wallet-test-hold:${user.userId}`;
    const { holdIds } = await db().transaction((tx) =>
      createLedger().apply(
        tx as unknown as Database,
        [
          {
            type: 'hold',
            account: { userId: user.userId, currencyId: btc, kind: userAccountKinds.change },
            amount: 20_000_000n,
            reason: 'test',
            reference: holdReference,
          },
        ],
        clock.now(),
      ),
    );

    const list = await walletList(user);
    const btcPrice = list.prices.find((price) => price.currency === 'BTC');
    expect(btcPrice?.tick_id).toMatch(/^\d+$/);
    expect(list.prices.find((price) => price.currency === 'USDT')).toEqual({
      currency_id: usdt,
      currency: 'USDT',
      price: '1',
      tick_id: null,
      time: null,
    });
    const tick = okMessage(await get(`/market/tick?id=${btcPrice?.tick_id}`)) as { price: string };
    expect(tick.price).toBe(btcPrice?.price);

    const spotBtc = list.change.list.find((row) => row.currency === 'BTC');
    expect(spotBtc).toMatchObject({
      type: 'change',
      type_id: 2,
      balance: '1.50000000',
      available: '1.30000000',
      frozen: '0.20000000',
      image: '/coins/btc.svg',
    });
    const spotUsdt = list.change.list.find((row) => row.currency === 'USDT');
    expect(spotUsdt).toMatchObject({
      balance: '1234.567891',
      available: '1234.567891',
      usdt_value: '1234.57',
    });
    expect(list.micro.list.find((row) => row.currency === 'USDT')?.usdt_value).toBe('5.00');
    expect(
      list.legal.list.every((row) => row.balance === (row.scale === 8 ? '0.00000000' : '0.000000')),
    ).toBe(true);
    expect(list.legal.total_usdt).toBe('0.00');
    expect(list.micro.total_usdt).toBe('5.00');
    expect(list.complete).toBe(true);
    // Totals add the exact equivalents, then round.
    const btcExact = usdtValue(150_000_000n, 8, btcPrice?.price ?? '');
    if (!btcExact) throw new Error('no BTC price');
    expect(list.change.total_usdt).toBe(
      roundedEquivalent(addExact(btcExact, { digits: 1_234_567_891n, scale: 6 })),
    );
    expect(list.total_usdt).toBe(
      roundedEquivalent(
        addExact(addExact(btcExact, { digits: 1_234_567_891n, scale: 6 }), { digits: 5n, scale: 0 }),
      ),
    );

    const currencies = userCurrencyListReplySchema.parse(
      okMessage(await get('/currency/user_currency_list', user.token)),
    );
    expect(currencies.find((row) => row.id === btc)).toMatchObject({
      change: '1.30000000',
      legal: '0.00000000',
      lever: '0.00000000',
      micro: '0.00000000',
    });
    expect(currencies.find((row) => row.id === usdt)?.micro).toBe('5.000000');

    const detail = walletDetailReplySchema.parse(
      okMessage(await post('/wallet/detail', { currency: btc, type: 'change' }, user.token)),
    );
    expect(detail).toMatchObject({ balance: '1.50000000', frozen: '0.20000000', price: btcPrice });
    const byNumber = walletDetailReplySchema.parse(
      okMessage(await post('/wallet/detail', { currency: '3', type: '4' }, user.token)),
    );
    expect(byNumber).toMatchObject({ type: 'micro', balance: '5.000000', usdt_value: '5.00' });

    const info = walletInfoReplySchema.parse(
      okMessage(await post('/wallet/get_info', { currency: usdt }, user.token)),
    );
    expect(info.currency).toMatchObject({ id: usdt, name: 'USDT', chains: ['ERC20', 'TRC20'] });
    expect(info.accounts.map((account) => [account.type, account.balance])).toEqual([
      ['legal', '0.000000'],
      ['change', '1234.567891'],
      ['lever', '0.000000'],
      ['micro', '5.000000'],
    ]);

    expect(okMessage(await get(`/wallet/getRateCurrency?id=${btc}`))).toEqual(btcPrice);
    expect((await get('/wallet/getRateCurrency?id=99')).body).toEqual({
      type: 'error',
      message: walletMessages.currencyUnknown,
    });

    const holdId = holdIds[0];
    if (holdId === null || holdId === undefined) throw new Error('no hold');
    await db().transaction((tx) =>
      createLedger().apply(tx as unknown as Database, [{ type: 'release', holdId }], clock.now()),
    );
    await expectLedgerClean(testApp.database);
  });

  it('transfers between own accounts as one zero-sum entry, in the bill and the history', async () => {
    const user = await newUser();
    await fundUser(testApp.database, { userId: user.userId, currencyId: btc, units: 100_000_000n });
    const before = await entryCount();
    const reply = walletChangeReplySchema.parse(
      okMessage(
        await change(user, { currency_id: btc, number: '0.25', from_field: 'change', to_field: 'legal' }),
      ),
    );
    expect(reply).toMatchObject({
      currency: 'BTC',
      number: '0.25000000',
      from_field: 'change',
      to_field: 'legal',
      from_available: '0.75000000',
      to_available: '0.25000000',
    });
    expect(await entryCount()).toBe(before + 1);
    // Numbers for the kinds (form clients), JSON numbers for the amount.
    okMessage(await change(user, { currency_id: '1', number: 0.05, from_field: '1', to_field: '2' }));
    const list = await walletList(user);
    const btcOf = (summary: WalletList['change']) =>
      summary.list.find((row) => row.currency === 'BTC')?.balance;
    expect([btcOf(list.change), btcOf(list.legal)]).toEqual(['0.80000000', '0.20000000']);
    const total = (await balances(user))
      .filter((row) => row.currencyId === btc)
      .reduce((s, r) => s + r.balance, 0n);
    expect(total).toBe(100_000_000n);

    const transfers = await history(user);
    expect(transfers.list.map((row) => [row.number, row.from_field, row.to_field])).toEqual([
      ['0.05000000', 'legal', 'change'],
      ['0.25000000', 'change', 'legal'],
    ]);
    expect(transfers.list[1]?.entry_id).toBe(reply.entry_id);
    expect(transfers.has_more).toBe(false);

    const lines = await bill(user);
    expect(lines.list.map((line) => [line.kind, line.type, line.amount, line.balance_after])).toEqual([
      ['transfer', 'change', '0.05000000', '0.80000000'],
      ['transfer', 'legal', '-0.05000000', '0.20000000'],
      ['transfer', 'legal', '0.25000000', '0.25000000'],
      ['transfer', 'change', '-0.25000000', '0.75000000'],
      ['deposit', 'change', '1.00000000', '1.00000000'],
    ]);
    expect(lines.list[0]).toMatchObject({ currency: 'BTC', currency_id: btc, tick_id: null });
    expect((await bill(user, { type: 'legal' })).list).toHaveLength(2);
    expect((await bill(user, { type: 2, kind: 'deposit' })).list).toHaveLength(1);
    expect((await bill(user, { currency: usdt })).list).toHaveLength(0);
    expect((await bill(user, { currency: '', type: '', kind: '', page: '1' })).list).toHaveLength(5);
    expect((await post('/wallet/legal_log', { currency: 77 }, user.token)).body.message).toBe(
      walletMessages.currencyUnknown,
    );
    expect((await post('/wallet/legal_log', { kind: 'gift' }, user.token)).body.message).toBe(
      walletMessages.parameter,
    );
    await expectLedgerClean(testApp.database);
  });

  it('refuses transfers into an account no registered product uses, and lets funds out of it', async () => {
    // Today lever (futures) and micro (options); each opens when a module declaring it is registered.
    const served = servedAccountKindsOf(moduleManifests);
    const closed = userAccountKindNames.filter((kind) => !served.has(kind));
    const user = await newUser();
    await fundUser(testApp.database, { userId: user.userId, currencyId: usdt, units: 10_000_000n });
    for (const kind of closed) {
      await fundUser(testApp.database, {
        userId: user.userId,
        currencyId: usdt,
        units: 3_000_000n,
        kind: kindIds[kind],
      });
    }
    const before = { balances: await balances(user), entries: await entryCount() };
    for (const kind of closed) {
      for (const to of [kind, String(kindIds[kind])]) {
        const reply = await change(user, {
          currency_id: usdt,
          number: '1',
          from_field: 'change',
          to_field: to,
        });
        expect(reply.body, to).toEqual({ type: 'error', message: walletMessages.accountUnavailable });
      }
      const zh = await post(
        '/wallet/change',
        { currency_id: usdt, number: '1', from_field: 'legal', to_field: kind, lang: 'zh' },
        user.token,
      );
      expect(zh.body).toEqual({ type: 'error', message: '该账户对应的产品尚未开放，暂不能向其划转资金' });
    }
    expect(await balances(user)).toEqual(before.balances);
    expect(await entryCount()).toBe(before.entries);
    // Funds already there (the demo's test funds) can always come back out.
    for (const kind of closed) {
      okMessage(await change(user, { currency_id: usdt, number: '3', from_field: kind, to_field: 'change' }));
    }
    await expectLedgerClean(testApp.database);
  });

  it('pages the transfer history and the bill 10 at a time, the last page short', async () => {
    const user = await newUser();
    await fundUser(testApp.database, { userId: user.userId, currencyId: usdt, units: 1_000_000_000n });
    for (let index = 1; index <= 23; index += 1) {
      okMessage(
        await change(user, {
          currency_id: usdt,
          number: String(index),
          from_field: 'change',
          to_field: 'legal',
        }),
      );
    }
    const pages = [
      await history(user, 1),
      await history(user, 2),
      await history(user, 3),
      await history(user, 4),
    ];
    expect(pages.map((page) => page.list.length)).toEqual([10, 10, 3, 0]);
    expect(pages.map((page) => page.has_more)).toEqual([true, true, false, false]);
    expect(pages.flatMap((page) => page.list.map((row) => row.number))).toEqual(
      Array.from({ length: 23 }, (_, index) => `${23 - index}.000000`),
    );
    // 23 transfers (46 postings) and the funding: 47 lines, pages of 10.
    const billPages = await Promise.all([1, 2, 3, 4, 5].map((page) => bill(user, { page })));
    expect(billPages.map((page) => page.list.length)).toEqual([10, 10, 10, 10, 7]);
    expect(billPages.map((page) => page.has_more)).toEqual([true, true, true, true, false]);
    const ids = billPages.flatMap((page) => page.list.map((line) => BigInt(line.id)));
    expect(new Set(ids).size).toBe(47);
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    expect((await get('/wallet/hzhistory?page=0', user.token)).body.message).toBe(walletMessages.parameter);
    expect((await get('/wallet/hzhistory?page=abc', user.token)).body.message).toBe(walletMessages.parameter);
    await expectLedgerClean(testApp.database);
  });

  it('exports the filtered bill as CSV', async () => {
    const user = await newUser();
    await fundUser(testApp.database, { userId: user.userId, currencyId: eth, units: 300_000_000n });
    okMessage(
      await change(user, { currency_id: eth, number: '1.5', from_field: 'change', to_field: 'legal' }),
    );
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/wallet/bill.csv?lang=en',
      headers: { authorization: user.token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="fairex-bill-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = response.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'time,entry_id,posting_id,kind,currency,account,amount,balance_after,reference,tick_id,note',
    );
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,\d+,\d+,transfer,ETH,legal,1\.50000000,1\.50000000,,,$/,
    );
    expect(rows[3]).toMatch(/,deposit,ETH,change,3\.00000000,3\.00000000,test-funding:/);
    const filtered = await testApp.app.inject({
      method: 'GET',
      url: '/api/wallet/bill.csv?lang=en&type=legal&kind=transfer&currency=2',
      headers: { authorization: user.token },
    });
    expect(filtered.body.trimEnd().split('\r\n')).toHaveLength(2);
    const refused = await call({
      method: 'GET',
      url: '/api/wallet/bill.csv?lang=en&user_id=1',
      headers: { authorization: user.token },
    });
    expect(refused.body).toEqual({ type: 'error', message: walletMessages.parameter });
    await expectLedgerClean(testApp.database);
  });

  it('refuses bad transfers with clear messages and changes nothing (cases 7 and 8)', async () => {
    const user = await newUser();
    await fundUser(testApp.database, { userId: user.userId, currencyId: btc, units: 100_000_000n });
    const good = { currency_id: btc, number: '0.1', from_field: 'change', to_field: 'legal' };
    const before = { balances: await balances(user), entries: await entryCount() };
    const cases: [Record<string, unknown>, string][] = [
      [{ number: '0' }, walletMessages.amountNotPositive],
      [{ number: '0.00000000' }, walletMessages.amountNotPositive],
      [{ number: '-1' }, walletMessages.amountInvalid],
      [{ number: -1 }, walletMessages.amountInvalid],
      [{ number: '1e-30' }, walletMessages.amountInvalid],
      [{ number: 1e-30 }, walletMessages.amountInvalid],
      [{ number: '1e30' }, walletMessages.amountInvalid],
      [{ number: 1e30 }, walletMessages.amountInvalid],
      [{ number: 'NaN' }, walletMessages.amountInvalid],
      [{ number: 'Infinity' }, walletMessages.amountInvalid],
      [{ number: '' }, walletMessages.amountRequired],
      [{ number: '0.000000001' }, walletMessages.amountDecimals],
      [{ number: '0.123456789' }, walletMessages.amountDecimals],
      [{ number: '1000000000000000000' }, walletMessages.amountTooLarge],
      [{ number: '9'.repeat(80) }, walletMessages.amountInvalid],
      [{ number: '1.5' }, walletMessages.insufficient],
      [{ number: '1.00000001' }, walletMessages.insufficient],
      [{ to_field: 'change' }, walletMessages.sameAccount],
      [{ from_field: 'savings' }, walletMessages.accountUnknown],
      [{ to_field: 7 }, walletMessages.accountUnknown],
      [{ to_field: '0' }, walletMessages.accountUnknown],
      [{ currency_id: 99 }, walletMessages.currencyUnknown],
      [{ currency_id: 'BTC' }, walletMessages.currencyUnknown],
    ];
    for (const [override, message] of cases) {
      const reply = await change(user, { ...good, ...override });
      expect(reply, JSON.stringify(override)).toMatchObject({
        status: 200,
        body: { type: 'error', message },
      });
    }
    // A localised refusal in another language.
    const zh = await post('/wallet/change', { ...good, number: '0', lang: 'zh' }, user.token);
    expect(zh.body).toEqual({ type: 'error', message: '数量必须大于零' });
    expect(await balances(user)).toEqual(before.balances);
    expect(await entryCount()).toBe(before.entries);
    await expectLedgerClean(testApp.database);
  });

  it('reaches only the caller’s own accounts and lines (cases 6 and 16)', async () => {
    const alice = await newUser();
    const bob = await newUser();
    await fundUser(testApp.database, { userId: alice.userId, currencyId: usdt, units: 50_000_000n });
    await fundUser(testApp.database, { userId: bob.userId, currencyId: usdt, units: 70_000_000n });
    okMessage(await change(bob, { currency_id: usdt, number: '7', from_field: 'change', to_field: 'legal' }));
    const before = {
      alice: await balances(alice),
      bob: await balances(bob),
      entries: await entryCount(),
    };
    const good = { currency_id: usdt, number: '10', from_field: 'change', to_field: 'legal' };
    const probes: Record<string, unknown>[] = [
      { ...good, user_id: bob.userId },
      { ...good, to_user: bob.userId },
      { ...good, to_user_id: bob.userId },
      { ...good, account_id: 1 },
      { ...good, from_user: bob.userId },
      { ...good, uid: bob.userId },
    ];
    let leaks = 0;
    for (const probe of probes) {
      const reply = await change(alice, probe);
      if (reply.body.message !== walletMessages.parameter) leaks += 1;
    }
    const readProbes = [
      await post('/wallet/legal_log', { user_id: bob.userId }, alice.token),
      await post('/wallet/list', { user_id: bob.userId }, alice.token),
      await post('/wallet/detail', { currency: usdt, type: 'legal', user_id: bob.userId }, alice.token),
      await get(`/wallet/hzhistory?user_id=${bob.userId}`, alice.token),
    ];
    for (const reply of readProbes) if (reply.body.message !== walletMessages.parameter) leaks += 1;
    expect(await balances(alice)).toEqual(before.alice);
    expect(await balances(bob)).toEqual(before.bob);
    expect(await entryCount()).toBe(before.entries);

    // Each sees only their own lines: bill, transfer history and CSV.
    const bobEntries = new Set((await bill(bob)).list.map((line) => line.entry_id));
    const aliceBill = await bill(alice);
    const aliceHistory = await history(alice);
    const aliceCsv = await testApp.app.inject({
      method: 'GET',
      url: '/api/wallet/bill.csv?lang=en',
      headers: { authorization: alice.token },
    });
    const csvEntryIds = aliceCsv.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((row) => row.split(',')[1] ?? '');
    leaks += aliceBill.list.filter((line) => bobEntries.has(line.entry_id)).length;
    leaks += aliceHistory.list.filter((row) => bobEntries.has(row.entry_id)).length;
    leaks += csvEntryIds.filter((id) => bobEntries.has(id)).length;
    expect(aliceBill.list.map((line) => line.amount)).toEqual(['50.000000']);
    expect(aliceHistory.list).toEqual([]);
    expect(csvEntryIds).toHaveLength(1);
    expect((await history(bob)).list.map((row) => row.number)).toEqual(['7.000000']);
    reportFigures(testDatabase.name, [
      {
        label: 'access probes (fields naming another user; reading own bill, history, CSV)',
        tried: probes.length + readProbes.length + 3,
        bad: leaks,
        badLabel: 'leaks found',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });
});
