import {
  adminContractTermsBodySchema,
  type ContractInstrument,
  type ContractPosition,
  type ContractReceipt,
  contractListReplySchema,
  contractPoolSchema,
  contractPositionSchema,
  contractReceiptSchema,
  leverDealRoute,
} from '@fairex/contract';
import { recomputeContractReceipt } from '@fairex/domain';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/rows';
import { expectLedgerClean, fundUser } from '../../test-support/money-test';
import { startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { findOrCreateWalletUser, issueSession } from '../accounts';
import { userAccountBalances, userAccountKinds } from '../ledger';

// A Wednesday, 10:00 in New York: crypto and stocks both trade.
const startIso = '2026-11-25T15:00:00.000Z';
const usdt = 3;

type User = { userId: number; token: string };
type Reply = { type: unknown; message: unknown };

describe.each(testDatabases())('contracts on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock(startIso);

  async function call(method: 'GET' | 'POST', path: string, body: Record<string, unknown>, token?: string) {
    const response = await testApp.app.inject({
      method,
      url:
        method === 'GET'
          ? `/api${path}?${new URLSearchParams({ lang: 'en', ...body } as Record<string, string>)}`
          : `/api${path}`,
      ...(method === 'POST' ? { payload: { lang: 'en', ...body } } : {}),
      headers: token ? { authorization: token } : {},
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Reply;
  }
  const post = (path: string, body: Record<string, unknown>, user?: User) =>
    call('POST', path, body, user?.token);
  const ok = (reply: Reply) => {
    expect(reply.type, JSON.stringify(reply.message)).toBe('ok');
    return reply.message;
  };
  const refused = (reply: Reply) => {
    expect(reply.type).toBe('error');
    return reply.message as string;
  };
  async function newUser(): Promise<User> {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const { userId } = await findOrCreateWalletUser(testApp.database.db, { address, clock });
    const token = await issueSession(testApp.database.db, {
      userId,
      stayLoggedIn: false,
      clock,
      clientAddress: '',
    });
    return { userId, token };
  }
  async function fundedUser(): Promise<User> {
    const user = await newUser();
    await fundUser(testApp.database, {
      userId: user.userId,
      currencyId: usdt,
      units: 1_000_000_000n,
      kind: userAccountKinds.lever,
    });
    return user;
  }
  async function lever(user: User) {
    const rows = await userAccountBalances(testApp.database.db, user.userId);
    const row = rows.find((entry) => entry.currencyId === usdt && entry.kind === userAccountKinds.lever);
    return { balance: row?.balance ?? 0n, held: row?.held ?? 0n };
  }
  async function tick(seconds = 1) {
    clock.advance(seconds * 1000);
    await testApp.services.market.step(clock.now());
  }
  async function instrument(symbol: string): Promise<ContractInstrument> {
    const list = ok(await call('GET', '/lever/instruments', {})) as ContractInstrument[];
    const found = list.find((entry) => entry.symbol === symbol);
    if (!found) throw new Error(`no ${symbol}`);
    return found;
  }
  async function positions(user: User, status: 1 | 2 | 3) {
    return contractListReplySchema.parse(ok(await post('/lever/my_trade', { status }, user)));
  }

  /** What the contracts' realtime fan-out sent, through a stand-in Socket.IO server. */
  const pushed: { room: string; event: string; payload: unknown }[] = [];

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, {
      clock,
      staffStandIns: {
        'staff-admin': { kind: 'staff', staffId: 71, roles: ['admin'] },
        'staff-finance': { kind: 'staff', staffId: 72, roles: ['finance'] },
      },
    });
    await testApp.services.market.step(clock.now());
    const everyRoom = { has: () => true };
    const io = {
      of: () => ({ adapter: { rooms: everyRoom } }),
      to: (room: string) => ({
        emit: (event: string, payload: unknown) => pushed.push({ room, event, payload }),
      }),
    };
    const contracts = testApp.modules.find((module) => module.name === 'contracts');
    contracts?.realtime?.(io as unknown as Parameters<NonNullable<typeof contracts.realtime>>[0]);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('lists perpetuals and stocks with terms, a public pool and open-interest caps', async () => {
    const btc = await instrument('BTC-PERP');
    expect(btc.multiples).toEqual([1, 2, 5, 10, 20, 50, 100]);
    expect(btc.lever_share_num).toBe('0.001');
    expect(btc.fresh).toBe(true);
    expect(btc.session.open).toBe(true);
    const aapl = await instrument('AAPL');
    expect(aapl.multiples).toEqual([1, 2, 5, 10]);
    const pool = contractPoolSchema.parse(ok(await call('GET', '/lever/pool', {})));
    expect(pool.pool_balance).toBe('2000000');
    expect(pool.instruments.find((entry) => entry.symbol === 'BTC-PERP')?.long.cap).toBe('400000');
    // Visitors read the terms too.
    const deal = ok(await post('/lever/deal', { currency_id: btc.currency_id, legal_id: usdt })) as {
      account: unknown;
    };
    expect(deal.account).toBeNull();
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const user = await newUser();
    await fundUser(testApp.database, {
      userId: user.userId,
      currencyId: usdt,
      units: 1_000_000_000n,
      kind: userAccountKinds.lever,
    });
    const btc = await instrument('BTC-PERP');
    const base = {
      currency_id: btc.currency_id,
      legal_id: usdt,
      share: '1',
      multiple: 10,
      type: 1,
      status: 0,
    };
    const before = await lever(user);
    expect(refused(await post('/lever/submit', { ...base, share: '1.5' }, user))).toBe(
      'Lots must be a whole number of at least 1',
    );
    expect(refused(await post('/lever/submit', { ...base, share: '-1' }, user))).toBe(
      'Lots must be a whole number of at least 1',
    );
    expect(refused(await post('/lever/submit', { ...base, multiple: 3 }, user))).toBe(
      'This multiple is not offered for this contract',
    );
    expect(refused(await post('/lever/submit', { ...base, currency_id: 999_999 }, user))).toBe(
      'This contract is not available',
    );
    const below = (Number(btc.reference?.price) * 0.9).toFixed(2);
    expect(refused(await post('/lever/submit', { ...base, target_profit_price: below }, user))).toBe(
      'Take-profit must be above the current price for a long and below it for a short',
    );
    expect(refused(await post('/lever/submit', { ...base, share: '3000', multiple: 1 }, user))).toBe(
      'Insufficient balance',
    );
    expect(refused(await post('/lever/submit', { ...base, share: '5000', multiple: 100 }, user))).toBe(
      'The liquidity pool cannot take more positions on this side now; try fewer lots',
    );
    // No route or role can set an outcome: the close takes an id and nothing else.
    expect(refused(await post('/lever/close', { id: 1, close_price: '1' }, user))).toBe('Parameter error');
    expect(await lever(user)).toEqual(before);
    expect((await positions(user, 2)).total).toBe(0);
  });

  it('opens a long, closes it at the recorded tick and gives a receipt the pure function recomputes', async () => {
    const user = await newUser();
    await fundUser(testApp.database, {
      userId: user.userId,
      currencyId: usdt,
      units: 1_000_000_000n,
      kind: userAccountKinds.lever,
    });
    const btc = await instrument('BTC-PERP');
    const opened = contractPositionSchema.parse(
      ok(
        await post(
          '/lever/submit',
          {
            currency_id: btc.currency_id,
            legal_id: usdt,
            share: '2',
            multiple: '10',
            type: '1',
            status: '0',
          },
          user,
        ),
      ),
    );
    expect(opened.status).toBe('open');
    expect(opened.open_tick_id).toBe(btc.reference?.tick_id);
    expect(Number(opened.open_price)).toBeCloseTo(Number(btc.reference?.price) + Number(btc.spread), 6);
    const held = await lever(user);
    expect(held.held.toString()).toBe((Number(opened.margin) * 1e6).toFixed(0));
    expect(held.balance).toBe(1_000_000_000n - BigInt((Number(opened.fee) * 1e6).toFixed(0)));
    await tick();
    const receipt = contractReceiptSchema.parse(ok(await post('/lever/close', { id: opened.id }, user)));
    expect(receipt.kind).toBe('close');
    expect(recomputeContractReceipt(receipt.kind, receipt.inputs)).toEqual(receipt.outcome);
    expect(refused(await post('/lever/close', { id: opened.id }, user))).toBe(
      'This position is no longer open',
    );
    const after = await lever(user);
    expect(after.held).toBe(0n);
    const history = await positions(user, 3);
    expect(history.list[0]?.close?.tick_id).toBe(receipt.tick_id);
    // Another user cannot read it.
    const stranger = await newUser();
    expect(refused(await call('GET', '/lever/receipts', { id: opened.id }, stranger.token))).toBe(
      'Position not found',
    );
    await expectLedgerClean(testApp.database);
  });

  it('fires a take-profit or stop-loss on the tick that crosses it, exactly once', async () => {
    const user = await newUser();
    await fundUser(testApp.database, {
      userId: user.userId,
      currencyId: usdt,
      units: 1_000_000_000n,
      kind: userAccountKinds.lever,
    });
    const eth = await instrument('ETH-PERP');
    const spread = Number(eth.spread);
    // Stops are closing prices: a long closes at the reference minus the spread.
    const ref = Number(eth.reference?.price) - spread;
    const position = contractPositionSchema.parse(
      ok(
        await post(
          '/lever/submit',
          {
            currency_id: eth.currency_id,
            legal_id: usdt,
            share: '1',
            multiple: 5,
            type: 1,
            status: 0,
            target_profit_price: (ref + 0.01).toFixed(2),
            stop_loss_price: (ref - 0.01).toFixed(2),
          },
          user,
        ),
      ),
    );
    let closed: ContractPosition | undefined;
    for (let second = 0; second < 60 && !closed; second += 1) {
      await tick();
      await waitForEngine();
      closed = (await positions(user, 3)).list.find((entry) => entry.id === position.id);
    }
    expect(closed?.close?.reason).toMatch(/take_profit|stop_loss/);
    const receipts = ok(
      await call('GET', '/lever/receipts', { id: position.id }, user.token),
    ) as ContractReceipt[];
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(recomputeContractReceipt(receipt?.kind ?? '', receipt?.inputs ?? {})).toEqual(receipt?.outcome);
    const crossing = BigInt(receipt?.tick_id ?? '0');
    const price = Number(receipt?.inputs.reference_price);
    expect(
      closed?.close?.reason === 'take_profit' ? price - spread >= ref + 0.01 : price - spread <= ref - 0.01,
    ).toBe(true);
    // The tick that crossed is the first tick after opening that reached the trigger.
    const earlier = await rowsOf<{ n: number }>(
      testApp.database.db,
      sql`select count(*)::int as n from price_ticks where instrument_id = ${eth.currency_id}
          and id > ${BigInt(position.open_tick_id ?? '0')} and id < ${crossing}
          and (price >= ${(ref + spread + 0.01).toFixed(2)}::numeric or price <= ${(ref + spread - 0.01).toFixed(2)}::numeric)`,
    );
    expect(earlier[0]?.n).toBe(0);
    expect((await lever(user)).held).toBe(0n);
    // The owner's sockets were told at once: opened, then closed by the trigger (no polling needed).
    const events = pushed.filter(
      (entry) => entry.event === 'contracts:position' && (entry.payload as { id: string }).id === position.id,
    );
    expect(events.map((entry) => [entry.room, (entry.payload as { status: string }).status])).toEqual([
      [`user:${user.userId}`, 'open'],
      [`user:${user.userId}`, 'closed'],
    ]);
    expect(pushed).toContainEqual({
      room: `user:${user.userId}`,
      event: 'wallet:changed',
      payload: { currency_ids: [usdt] },
    });
    await expectLedgerClean(testApp.database);
  });

  it('charges the overnight fee once per position and day, even when run twice', async () => {
    const user = await newUser();
    await fundUser(testApp.database, {
      userId: user.userId,
      currencyId: usdt,
      units: 1_000_000_000n,
      kind: userAccountKinds.lever,
    });
    const btc = await instrument('BTC-PERP');
    const position = contractPositionSchema.parse(
      ok(
        await post(
          '/lever/submit',
          { currency_id: btc.currency_id, legal_id: usdt, share: '1', multiple: 1, type: 2, status: 0 },
          user,
        ),
      ),
    );
    clock.set('2026-11-26T00:00:01.000Z');
    expect(await testApp.services.scheduler.runDue()).toBeGreaterThanOrEqual(1);
    await testApp.services.scheduler.runDue();
    const receipts = ok(
      await call('GET', '/lever/receipts', { id: position.id }, user.token),
    ) as ContractReceipt[];
    expect(receipts.map((receipt) => receipt.kind)).toEqual(['overnight']);
    expect(receipts[0]?.day).toBe('2026-11-26');
    expect(recomputeContractReceipt('overnight', receipts[0]?.inputs ?? {})).toEqual(receipts[0]?.outcome);
    const [open] = (await positions(user, 2)).list;
    expect(open?.overnight_fee).toBe(receipts[0]?.outcome.fee);
    await testApp.services.market.step(clock.now());
    ok(await post('/lever/batch_close', { type: 2 }, user));
    expect((await positions(user, 2)).total).toBe(0);
    await expectLedgerClean(testApp.database);
  });

  it('parallel opens against one margin balance: exactly as many as it covers succeed', async () => {
    const user = await newUser();
    const btc = await instrument('BTC-PERP');
    const body = {
      currency_id: btc.currency_id,
      legal_id: usdt,
      share: '1',
      multiple: 1,
      type: 1,
      status: 0,
    };
    // One position costs about 95 USDT of margin plus its fee: fund exactly three of them.
    const probe = contractPositionSchema.parse(ok(await post('/lever/submit', body, await fundedUser())));
    const cost =
      BigInt((Number(probe.margin) * 1e6).toFixed(0)) + BigInt((Number(probe.fee) * 1e6).toFixed(0));
    await fundUser(testApp.database, {
      userId: user.userId,
      currencyId: usdt,
      units: cost * 3n + cost / 2n,
      kind: userAccountKinds.lever,
    });
    const replies = await Promise.all(Array.from({ length: 8 }, () => post('/lever/submit', body, user)));
    const opened = replies.filter((reply) => reply.type === 'ok').length;
    // The price may move between opens by a little; three fit, a fourth never does.
    expect(opened).toBe(3);
    expect(replies.filter((reply) => reply.type !== 'ok').map((reply) => reply.message)).toEqual(
      Array.from({ length: 5 }, () => 'Insufficient balance'),
    );
    const balance = await lever(user);
    expect(balance.held).toBeLessThanOrEqual(balance.balance);
    await expectLedgerClean(testApp.database);
  });

  it('a close racing its own take-profit settles exactly once', async () => {
    const user = await fundedUser();
    const sol = await instrument('SOL-PERP');
    const ref = Number(sol.reference?.price) - Number(sol.spread);
    const position = contractPositionSchema.parse(
      ok(
        await post(
          '/lever/submit',
          {
            currency_id: sol.currency_id,
            legal_id: usdt,
            share: '1',
            multiple: 2,
            type: 1,
            status: 0,
            target_profit_price: (ref + 0.001).toFixed(3),
            stop_loss_price: (ref - 0.001).toFixed(3),
          },
          user,
        ),
      ),
    );
    // The next tick reaches one of the triggers while the user closes.
    clock.advance(1000);
    const [, close] = await Promise.all([
      testApp.services.market.step(clock.now()),
      post('/lever/close', { id: position.id }, user),
    ]);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if ((await positions(user, 3)).total === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const receipts = ok(
      await call('GET', '/lever/receipts', { id: position.id }, user.token),
    ) as ContractReceipt[];
    expect(receipts.filter((receipt) => receipt.kind !== 'overnight')).toHaveLength(1);
    if (close.type !== 'ok') expect(close.message).toBe('This position is no longer open');
    expect((await lever(user)).held).toBe(0n);
    await expectLedgerClean(testApp.database);
  });

  it('holds and cancels a pending limit order', async () => {
    const user = await newUser();
    await fundUser(testApp.database, {
      userId: user.userId,
      currencyId: usdt,
      units: 1_000_000_000n,
      kind: userAccountKinds.lever,
    });
    const btc = await instrument('BTC-PERP');
    const limit = (Number(btc.reference?.price) * 0.5).toFixed(2);
    const order = contractPositionSchema.parse(
      ok(
        await post(
          '/lever/submit',
          {
            currency_id: btc.currency_id,
            legal_id: usdt,
            share: '1',
            multiple: 10,
            type: 1,
            status: 1,
            target_price: limit,
          },
          user,
        ),
      ),
    );
    expect(order.status).toBe('pending');
    expect((await lever(user)).held).toBeGreaterThan(0n);
    const cancelled = contractPositionSchema.parse(ok(await post('/lever/cancel', { id: order.id }, user)));
    expect(cancelled.status).toBe('cancelled');
    expect((await lever(user)).held).toBe(0n);
    expect(refused(await post('/lever/cancel', { id: order.id }, user))).toBe(
      'This order is no longer pending',
    );
    await expectLedgerClean(testApp.database);
  });

  it('refuses market orders on a stock outside its session', async () => {
    const aapl = await instrument('AAPL');
    clock.set('2026-11-26T15:00:00.000Z'); // Thanksgiving
    await testApp.services.market.step(clock.now());
    const user = await newUser();
    await fundUser(testApp.database, {
      userId: user.userId,
      currencyId: usdt,
      units: 1_000_000_000n,
      kind: userAccountKinds.lever,
    });

    const reply = await post(
      '/lever/submit',
      { currency_id: aapl.currency_id, legal_id: usdt, share: '1', multiple: 5, type: 1, status: 0 },
      user,
    );
    expect(refused(reply)).toBe(
      'The market for this stock is closed; market orders open with the next session',
    );
  });

  it('has no route, for users or staff, that sets a price, a fill or an outcome', () => {
    const contractRoutes = testApp.app.registeredRoutes
      .filter((route) => route.method !== 'HEAD')
      .filter((route) => route.url.startsWith('/api/'))
      .filter((route) => route.url.includes('/lever/') || route.url.includes('contracts'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(contractRoutes).toEqual([
      'GET /api/admin/contracts',
      'GET /api/lever/instruments',
      'GET /api/lever/pool',
      'GET /api/lever/receipts',
      'POST /api/admin/contracts/terms/save',
      'POST /api/lever/batch_close',
      'POST /api/lever/cancel',
      'POST /api/lever/close',
      'POST /api/lever/deal',
      'POST /api/lever/dealall',
      'POST /api/lever/my_trade',
      'POST /api/lever/setstop',
      'POST /api/lever/submit',
    ]);
    // Every write takes ids, lots, a multiple and the user's own limit, TP and SL prices: never an outcome.
    expect(Object.keys(leverDealRoute.body.shape)).toEqual(['currency_id', 'legal_id']);
    const outcomeWords = /outcome|profit$|close_price|open_price|fill|result|tick/;
    // Staff terms are rates and sizes for positions placed later, never a price, fill or outcome:
    // the only names the words match are a percent cap on profit and the maximum age of a tick.
    expect(Object.keys(adminContractTermsBodySchema.shape).filter((key) => outcomeWords.test(key))).toEqual([
      'max_profit',
      'max_tick_age',
    ]);
    for (const route of testApp.app.registeredRoutes.filter((entry) => entry.method === 'POST')) {
      expect(route.url).not.toMatch(/lever\/(settle|price|result|outcome|liquidate)/);
      expect(route.url).not.toMatch(outcomeWords);
    }
  });

  it('lets only an admin change terms (validated, audited); new positions take them, open ones keep theirs', async () => {
    await tick();
    const user = await fundedUser();
    const btc = await instrument('BTC-PERP');
    const open = { currency_id: btc.currency_id, legal_id: usdt, share: '1', type: 1, status: 0 };
    const before = contractPositionSchema.parse(
      ok(await post('/lever/submit', { ...open, multiple: 20 }, user)),
    );
    const body = {
      currency_id: btc.currency_id,
      contract_size: btc.lever_share_num,
      multiples: '1,2,5,10',
      spread: btc.spread,
      lever_trade_fee: '0.1',
      close_fee: '0.1',
      overnight_fee: btc.overnight_fee,
      maintenance: btc.maintenance,
      liquidation_fee: btc.liquidation_fee,
      max_profit: btc.max_profit,
      side_cap: btc.side_cap,
      max_tick_age: 10,
    };
    const save = (payload: Record<string, unknown>, token: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/admin/contracts/terms/save',
        payload: { lang: 'en', ...payload },
        headers: { authorization: token },
      });
    expect((await save(body, 'staff-finance')).statusCode).toBe(403);
    expect((await save(body, user.token)).statusCode).toBe(403);
    const invalid = [
      { multiples: '1,x,10' },
      { multiples: '1,2,500' }, // 500x: the margin is below the 0.5% maintenance margin
      { contract_size: '0' },
      { lever_trade_fee: '-1' },
      { side_cap: '101' },
      { max_tick_age: 7200 },
    ];
    for (const change of invalid) {
      const reply = (await save({ ...body, ...change }, 'staff-admin')).json() as Reply;
      expect(reply.type, JSON.stringify(change)).toBe('error');
      expect(String(reply.message)).toMatch(/^These contract terms are not valid/);
    }
    expect((await instrument('BTC-PERP')).multiples).toEqual(btc.multiples);
    const saved = (await save(body, 'staff-admin')).json() as Reply;
    expect(saved.type, JSON.stringify(saved.message)).toBe('ok');
    const after = await instrument('BTC-PERP');
    expect(after).toMatchObject({
      multiples: [1, 2, 5, 10],
      lever_trade_fee: '0.1',
      close_fee: '0.1',
      max_tick_age: 10,
    });
    const audit = await rowsOf<{ action: string; staff_id: number; after: { open_fee_ppm: number } }>(
      testApp.database.db,
      sql`select action, staff_id, after from audit_log where target_type = 'contract_terms' order by id`,
    );
    expect(audit.map((row) => [row.action, row.staff_id, row.after.open_fee_ppm])).toEqual([
      ['contracts.terms_save', 71, 1000],
    ]);
    // New positions: the new list and fee; the open one keeps the terms it opened with.
    expect(refused(await post('/lever/submit', { ...open, multiple: 20 }, user))).toBe(
      'This multiple is not offered for this contract',
    );
    const fresh = contractPositionSchema.parse(
      ok(await post('/lever/submit', { ...open, multiple: 10 }, user)),
    );
    expect(Number(fresh.fee)).toBeCloseTo(Number(fresh.notional) * 0.001, 5);
    expect(Number(before.fee)).toBeCloseTo(Number(before.notional) * 0.0005, 5);
    const stored = await rowsOf<{ id: string; open_fee_ppm: string }>(
      testApp.database.db,
      sql`select id::text, terms->>'openFeePpm' as open_fee_ppm from contract_positions where id in (${BigInt(before.id)}, ${BigInt(fresh.id)}) order by id`,
    );
    expect(stored.map((row) => row.open_fee_ppm)).toEqual(['500', '1000']);
    // The maximum tick age is the instrument's now: 11 s without a tick refuses a market close.
    clock.advance(11_000);
    expect(refused(await post('/lever/close', { id: before.id }, user))).toMatch(/price/i);
    await tick();
    ok(await post('/lever/batch_close', { type: 0 }, user));
    await expectLedgerClean(testApp.database);
  });

  async function waitForEngine() {
    // The engine evaluates each recorded tick in sequence after the market has recorded it.
    for (let attempt = 0; attempt < 50; attempt += 1) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
});
