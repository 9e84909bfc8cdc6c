import type { IeoAllocationInputs, IeoOrder, IeoProject } from '@fairex/contract';
import { ieoCost, ieoReceipt, toScaledBigint } from '@fairex/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/http/route-policy';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean, fundUser, reportFigures } from '../../test-support/money-test';
import { composeSecondProcess, startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { userAccountBalances } from '../ledger';

const en = serverMessages.en;
const refusal = (code: string) => ({ type: 'error', message: en[`ieo.errors.${code}` as keyof typeof en] });

const usdt = 3;
const oneUsdt = 1_000_000n;
const hourMs = 3_600_000;
const dayMs = 86_400_000;
const startIso = '2026-12-01T00:00:00.000Z';
const t0 = Date.parse(startIso);

const userIds = { a: 9101, b: 9102, c: 9103, poor: 9104, racer: 9105 } as const;
type Who = keyof typeof userIds;
const principals: Record<string, Principal> = {
  'staff-admin': { kind: 'staff', staffId: 81, roles: ['admin'] },
  'staff-finance': { kind: 'staff', staffId: 82, roles: ['finance'] },
  ...Object.fromEntries(
    Object.entries(userIds).map(([who, userId]) => [
      `user-${who}`,
      { kind: 'user', userId, verificationLevel: 1 },
    ]),
  ),
};

describe.each(testDatabases())('ieo on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock(startIso);
  let keys = 0;
  let projectId = 0;

  const get = (url: string, token?: string) =>
    testApp.call({
      method: 'GET',
      url: `/api${url}${url.includes('?') ? '&' : '?'}lang=en`,
      headers: token ? { authorization: token } : {},
    });
  const post = (url: string, body: Record<string, unknown>, token?: string) =>
    testApp.call({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...(token ? { authorization: token } : {}), 'idempotency-key': `ieo-test-${++keys}` },
      payload: { lang: 'en', ...body },
    });
  const okOf = async <T>(reply: ReturnType<typeof get>): Promise<T> => {
    const { status, body } = await reply;
    expect(status).toBe(200);
    expect(body.type, JSON.stringify(body)).toBe('ok');
    return body.message as T;
  };
  const subscribe = (who: Who, amount: string, extra: Record<string, unknown> = {}) =>
    post(
      '/project/order',
      { project_id: projectId, amount, pay_currency: 'USDT', price: '0.5', ...extra },
      `user-${who}`,
    );
  const account = async (who: Who, currencyId: number) => {
    const row = (await userAccountBalances(testApp.database.db, userIds[who])).find(
      (r) => r.currencyId === currencyId && r.kind === 2,
    );
    return { balance: row?.balance ?? 0n, held: row?.held ?? 0n };
  };
  const systemBalance = async (name: string, currencyId: number) => {
    const result = (await testApp.database.db.execute(
      `select balance::text from ledger_accounts where system_name = '${name}' and currency_id = ${currencyId}`,
    )) as unknown as { rows: { balance: string }[] };
    return BigInt(result.rows[0]?.balance ?? '0');
  };

  /** A second server process on the same database: a new composition, scheduler and module state. */
  const restartedScheduler = async () => (await composeSecondProcess(testApp, clock)).services.scheduler;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, staffStandIns: principals });
    for (const who of ['a', 'b', 'c', 'racer'] as const) {
      await fundUser(testApp.database, { userId: userIds[who], currencyId: usdt, units: 1000n * oneUsdt });
    }
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const createBody = {
    name: 'Orbit Network',
    symbol: 'ORBT',
    scale: 2,
    descriptions: { en: 'Orbit launches here', zh: 'Orbit 在此发行' },
    prices: [{ currency_id: usdt, price: '0.5' }],
    issuance: '1000',
    min_per_user: '10',
    max_per_user: '600',
    starts_at: t0 + hourMs,
    ends_at: t0 + 2 * hourMs,
    lock_days: 3,
    listing_at: t0 + 4 * dayMs,
  };

  it('lets only an admin create a project: the token becomes a currency and its issuance is minted', async () => {
    expect((await post('/admin/ieo/projects/create', createBody, 'staff-finance')).status).toBe(403);
    expect((await post('/admin/ieo/projects/create', createBody, 'user-a')).status).toBe(403);
    const project = await okOf<IeoProject>(post('/admin/ieo/projects/create', createBody, 'staff-admin'));
    projectId = project.id;
    expect(project).toMatchObject({
      state: 'warmup',
      issuance: '1000.00',
      remaining: '1000.00',
      applications: 0,
    });
    expect(await systemBalance(`pool:ieo:${projectId}`, project.currency_id)).toBe(100_000n);
    expect(await systemBalance('token_supply', project.currency_id)).toBe(-100_000n);
    expect((await post('/admin/ieo/projects/create', createBody, 'staff-admin')).body).toEqual(
      refusal('symbol_taken'),
    );
    const audit = (await testApp.database.db.execute(
      `select count(*)::int as n from audit_log where action = 'ieo.project_create'`,
    )) as unknown as { rows: { n: number }[] };
    expect(audit.rows[0]?.n).toBe(1);
    const list = await okOf<{ list: IeoProject[] }>(get('/project?page=1&limit=10'));
    expect(list.list.map((p) => p.symbol)).toEqual(['ORBT']);
    const zh = await testApp.call({
      method: 'GET',
      url: `/api/project/detail?project_id=${projectId}&lang=zh`,
    });
    expect((zh.body.message as IeoProject).description).toBe('Orbit 在此发行');
  });

  it('refuses bad subscriptions with a localised error and changes nothing', async () => {
    const before = await account('a', usdt);
    expect((await subscribe('a', '100')).body).toEqual(refusal('not_started'));
    clock.set(new Date(t0 + hourMs).toISOString());
    expect((await subscribe('a', '5')).body).toEqual(refusal('below_minimum'));
    expect((await subscribe('a', '601')).body).toEqual(refusal('above_maximum'));
    expect((await subscribe('a', '100.001')).body).toEqual(refusal('amount_too_many_decimals'));
    expect((await subscribe('a', 'abc')).body).toEqual(refusal('amount_invalid'));
    expect((await subscribe('a', '100', { pay_currency: 'BTC' })).body).toEqual(
      refusal('currency_not_payable'),
    );
    expect((await subscribe('a', '100', { price: '0.4' })).body).toEqual(refusal('price_changed'));
    expect((await subscribe('poor', '100')).body).toEqual({
      type: 'error',
      message: en['ledger.errors.insufficient_balance'],
    });
    // Nobody sets an allocation: an extra field is a parameter error.
    expect((await subscribe('a', '100', { allocated: '100' })).body.type).toBe('error');
    expect(await account('a', usdt)).toEqual(before);
    expect((await okOf<IeoProject>(get(`/project/detail?project_id=${projectId}`))).applications).toBe(0);
  });

  it('holds the payment and keeps each user within the maximum under parallel subscriptions', async () => {
    await okOf<IeoOrder>(subscribe('a', '600'));
    // Some clients send JSON numbers.
    await okOf<IeoOrder>(subscribe('b', '300', { amount: 300, price: 0.5 }));
    const order = await okOf<IeoOrder>(subscribe('c', '400', { pay_currency: String(usdt) }));
    expect(order).toMatchObject({ state: 'subscribed', held: '200.000000', allocated: null });
    expect(await account('a', usdt)).toEqual({ balance: 1000n * oneUsdt, held: 300n * oneUsdt });

    const attempts = 8;
    const replies = await Promise.all(Array.from({ length: attempts }, () => subscribe('racer', '150')));
    const accepted = replies.filter((reply) => reply.body.type === 'ok').length;
    const refused = replies.filter(
      (reply) => JSON.stringify(reply.body) === JSON.stringify(refusal('above_maximum')),
    );
    expect(accepted).toBe(4);
    expect(refused.length).toBe(attempts - 4);
    expect(await account('racer', usdt)).toEqual({ balance: 1000n * oneUsdt, held: 300n * oneUsdt });
    reportFigures(testDatabase.name, [
      {
        label: 'ieo subscriptions past the per-user maximum',
        tried: attempts,
        bad: accepted - 4,
        badLabel: 'accepted beyond it',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('allocates once at the end by the published rule, across a restart, and releases the lock once', async () => {
    const { scheduler } = testApp.services;
    expect(await scheduler.runDue()).toBe(0);

    clock.set(new Date(t0 + 2 * hourMs).toISOString());
    expect((await subscribe('b', '10')).body).toEqual(refusal('ended'));
    // The first process stops before its worker ran; a restarted one catches the allocation up.
    const restarted = await restartedScheduler();
    expect(await restarted.runDue()).toBe(1);
    expect(await scheduler.runDue()).toBe(0);
    expect(await restarted.runDue()).toBe(0);

    const project = await okOf<IeoProject>(get(`/project/detail?project_id=${projectId}`));
    expect(project).toMatchObject({
      state: 'finished',
      applications: 7,
      passes: 7,
      allocated_total: '1000.00',
    });
    const inputs = await okOf<IeoAllocationInputs>(get(`/project/allocation?project_id=${projectId}`));
    const tokenId = project.currency_id;
    let charged = 0n;
    for (const who of ['a', 'b', 'c'] as const) {
      const { list } = await okOf<{ list: IeoOrder[] }>(
        get('/user/project/order?page=1&limit=10', `user-${who}`),
      );
      const [order] = list;
      if (!order) throw new Error('no order');
      const receipt = ieoReceipt({
        issuance: 100_000n,
        applications: inputs.applications.map((a) => ({ id: BigInt(a.id), requested: units(a.amount, 2) })),
        orderId: BigInt(order.id),
        held: units(order.held, 6),
        priceUnits: 500_000n,
        tokenScale: 2,
      });
      expect(receipt && units(order.allocated ?? '', 2)).toBe(receipt?.allocated);
      expect(units(order.charged ?? '', 6)).toBe(receipt?.charged);
      expect(order.state).toBe('locked');
      charged += receipt?.charged ?? 0n;
      expect(await account(who, tokenId)).toEqual({ balance: receipt?.allocated, held: receipt?.allocated });
      expect(await account(who, usdt)).toEqual({
        balance: 1000n * oneUsdt - (receipt?.charged ?? 0n),
        held: 0n,
      });
    }
    // 600 + 300 + 400 + 4 x 150 = 1900 asked for 1000: a gets floor(600 x 1000 / 1900) = 315.78.
    const a = await okOf<{ list: IeoOrder[] }>(get('/user/project/order', 'user-a'));
    expect(a.list[0]?.allocated).toBe('315.79');
    expect(ieoCost({ tokens: 31_579n, priceUnits: 500_000n, tokenScale: 2 })).toBe(157_895_000n);
    expect(a.list[0]?.charged).toBe('157.895000');
    expect(await systemBalance(`pool:ieo:${projectId}`, tokenId)).toBe(0n);
    // The token shows in the wallet like any currency, its locked part held.
    const wallet = await post('/wallet/list', {}, 'user-a');
    expect(wallet.body.type, JSON.stringify(wallet.body)).toBe('ok');
    expect(JSON.stringify(wallet.body.message)).toContain('ORBT');
    expect(charged > 0n).toBe(true);
    await expectLedgerClean(testApp.database);

    // Other modules' work (contracts' overnight fees) falls due too: count the release only.
    clock.advance(3 * dayMs - 1);
    await restarted.runDue();
    expect(await scheduler.pending('ieo:release')).toBe(1);
    clock.advance(1);
    await scheduler.runDue();
    expect(await scheduler.pending('ieo:release')).toBe(0);
    await restarted.runDue();
    expect(await account('a', tokenId)).toEqual({ balance: 31_579n, held: 0n });
    const after = await okOf<{ list: IeoOrder[] }>(get('/user/project/order', 'user-a'));
    expect(after.list[0]?.state).toBe('released');
    await expectLedgerClean(testApp.database);
  });

  it('has no route or role that sets an allocation', () => {
    const document = testApp.app.swagger() as {
      paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown }>>;
    };
    const forbidden = /allocat|charged|refunded|released|passes/;
    const offenders: string[] = [];
    for (const [url, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (method !== 'post') continue;
        const text = JSON.stringify(operation.requestBody ?? {});
        const properties = [...text.matchAll(/"properties":\{([^}]*)/g)].map((match) => match[1] ?? '');
        if (properties.some((names) => forbidden.test(names))) offenders.push(url);
      }
    }
    expect(offenders).toEqual([]);
    const writes = testApp.app.registeredRoutes
      .filter((route) => route.method === 'POST' && /project|ieo/.test(route.url))
      .map((route) => route.url)
      .sort();
    // Listing opens the spot pair; its body (project, reference, maker inventory) sets no allocation.
    expect(writes).toEqual([
      '/api/admin/ieo/projects/create',
      '/api/admin/ieo/projects/list',
      '/api/project/order',
    ]);
  });
});

function units(text: string, scale: number): bigint {
  const parsed = toScaledBigint(text, scale);
  if (!parsed.ok) throw new Error(`not an amount: ${text}`);
  return parsed.value;
}
