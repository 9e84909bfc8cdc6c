/**
 * reliability.md cases 1, 3 and 18 on transfers between own accounts (cases 6, 7, 8 and 16 are in
 * wallet.routes.test.ts). Races only prove something on PostgreSQL; they run on both.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcedSeed, expectLedgerClean, fundUser, reportFigures } from '../../test-support/money-test';
import { startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { userAccountKinds } from '../ledger';
import { currencyIds, okMessage, walletCallers, walletMessages } from './wallet.fixtures';

/** A small deterministic generator (mulberry32) for the seeded choices of the race. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe.each(testDatabases())('wallet reliability on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock('2026-11-20T15:00:00.000Z');
  const { db, call, post, get, newUser, change, balances, entryCount } = walletCallers(() => testApp, clock);

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('case 1: N parallel transfers of one balance: exactly floor(B/a) succeed', async () => {
    const random = randomFrom(announcedSeed('wallet parallel transfers'));
    const rounds = [
      { balance: 100_000_000n, amount: '0.3', units: 30_000_000n, parallel: 20, currencyId: currencyIds.btc },
      { balance: 50_000_000n, amount: '7', units: 7_000_000n, parallel: 20, currencyId: currencyIds.usdt },
      { balance: 100n, amount: '0.00000001', units: 1n, parallel: 150, currencyId: currencyIds.eth },
    ];
    let tried = 0;
    let doubleSpends = 0;
    for (const round of rounds) {
      const user = await newUser();
      await fundUser(testApp.database, {
        userId: user.userId,
        currencyId: round.currencyId,
        units: round.balance,
      });
      const targets = ['legal'] as const;
      const replies = await Promise.all(
        Array.from({ length: round.parallel }, () =>
          change(user, {
            currency_id: round.currencyId,
            number: round.amount,
            from_field: 'change',
            to_field: targets[Math.floor(random() * targets.length)] ?? 'legal',
          }),
        ),
      );
      const expected = Number(round.balance / round.units);
      const succeeded = replies.filter((reply) => reply.body.type === 'ok').length;
      const refused = replies.filter((reply) => reply.body.message === walletMessages.insufficient).length;
      expect(replies.every((reply) => reply.status === 200)).toBe(true);
      expect(succeeded + refused).toBe(round.parallel);
      expect(succeeded).toBe(Math.min(expected, round.parallel));
      tried += Math.max(0, round.parallel - expected);
      doubleSpends += Math.max(0, succeeded - expected);
      const spot = (await balances(user)).find(
        (row) => row.currencyId === round.currencyId && row.kind === userAccountKinds.change,
      );
      expect(spot?.balance).toBe(round.balance - BigInt(succeeded) * round.units);
      const total = (await balances(user))
        .filter((row) => row.currencyId === round.currencyId)
        .reduce((sum, row) => sum + row.balance, 0n);
      expect(total).toBe(round.balance);
    }
    reportFigures(testDatabase.name, [
      {
        label: 'double-spend attempts (parallel transfers)',
        tried,
        bad: doubleSpends,
        badLabel: 'succeeded',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('case 3: a retried transfer books once and replays the stored reply', async () => {
    const user = await newUser();
    await fundUser(testApp.database, {
      userId: user.userId,
      currencyId: currencyIds.usdt,
      units: 100_000_000n,
    });
    const body = { currency_id: currencyIds.usdt, number: '10', from_field: 'change', to_field: 'legal' };
    const keyed = (key: string) => ({ 'idempotency-key': key });
    const entriesWithKey = async (key: string) => {
      const result = (await db().execute(
        sql`select count(*)::int as n from ledger_entries where user_id = ${user.userId} and idempotency_key = ${key}`,
      )) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]?.n);
    };
    let tried = 0;
    let duplicates = 0;

    // Same key and body, twice: one entry, the very same reply, marked as a replay.
    const first = await change(user, body, keyed('retry-1'));
    const again = await change(user, body, keyed('retry-1'));
    tried += 1;
    okMessage(first);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    duplicates += (await entriesWithKey('retry-1')) - 1;

    // Same key, another body: refused, nothing booked.
    const before = await entryCount();
    const other = await change(user, { ...body, number: '11' }, keyed('retry-1'));
    tried += 1;
    expect(other.body).toEqual({ type: 'error', message: walletMessages.keyReused });
    expect(await entryCount()).toBe(before);

    // Same key while the first is still running: a conflict. (The stored record is put back in
    // flight, as if the first request had not finished yet.)
    await db().execute(
      sql`update idempotency_keys set status = 'in_flight', created_at = ${clock.now().toISOString()}::timestamptz
          where user_id = ${user.userId} and key = 'retry-1'`,
    );
    const conflict = await change(user, body, keyed('retry-1'));
    tried += 1;
    expect(conflict.body).toEqual({ type: 'error', message: walletMessages.inFlight });
    expect(await entryCount()).toBe(before);

    // Many copies of one request at once: one entry; each reply is the result, a replay or a conflict.
    const replies = await Promise.all(Array.from({ length: 12 }, () => change(user, body, keyed('burst-1'))));
    tried += replies.length - 1;
    const results = replies.filter((reply) => reply.body.type === 'ok');
    expect(results.length).toBeGreaterThanOrEqual(1);
    for (const reply of results) expect(reply.body).toEqual(results[0]?.body);
    for (const reply of replies.filter((item) => item.body.type !== 'ok')) {
      expect(reply.body.message).toBe(walletMessages.inFlight);
    }
    duplicates += (await entriesWithKey('burst-1')) - 1;
    expect(await entriesWithKey('burst-1')).toBe(1);

    // A refused transfer's reply is stored too: retrying it does not book later by surprise.
    const poor = await change(user, { ...body, number: '1000' }, keyed('too-much'));
    expect(poor.body).toEqual({ type: 'error', message: walletMessages.insufficient });
    const legal = (await balances(user)).find(
      (row) => row.currencyId === currencyIds.usdt && row.kind === userAccountKinds.legal,
    );
    expect(legal?.balance).toBe(20_000_000n);

    reportFigures(testDatabase.name, [
      { label: 'duplicated transfer requests', tried, bad: duplicates, badLabel: 'duplicate entries found' },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('case 18: malformed requests get a localised error, never a 5xx, and change nothing', async () => {
    const user = await newUser();
    await fundUser(testApp.database, {
      userId: user.userId,
      currencyId: currencyIds.btc,
      units: 100_000_000n,
    });
    const before = { balances: await balances(user), entries: await entryCount() };
    const auth = { authorization: user.token };
    const json = { ...auth, 'content-type': 'application/json' };
    const form = { ...auth, 'content-type': 'application/x-www-form-urlencoded' };
    const good = { currency_id: 1, number: '0.1', from_field: 'change', to_field: 'legal' };
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const raw: { payload: string | Buffer; headers: Record<string, string>; url?: string }[] = [
      { payload: '{"currency_id":', headers: json },
      { payload: '[1,2,3]', headers: json },
      { payload: 'null', headers: json },
      { payload: '"text"', headers: json },
      { payload: deep, headers: json },
      { payload: `{"a":${deep}}`, headers: json },
      { payload: `{"__proto__":{"admin":true},${JSON.stringify(good).slice(1)}`, headers: json },
      {
        payload: `{"constructor":{"prototype":{"admin":true}},${JSON.stringify(good).slice(1)}`,
        headers: json,
      },
      { payload: JSON.stringify({ ...good, number: 'x'.repeat(300_000) }), headers: json },
      { payload: Buffer.from([0x63, 0x75, 0x72, 0x3d, 0xff, 0xfe, 0xfd]), headers: form },
      { payload: 'currency_id=1&currency_id=2&number=0.1&from_field=change&to_field=legal', headers: form },
      { payload: 'currency_id=%E0%A4%A&number=1', headers: form },
      { payload: 'number=0.1', headers: form },
      { payload: '', headers: form },
      { payload: '<xml/>', headers: { ...auth, 'content-type': 'application/xml' } },
      { payload: 'currency_id=1', headers: { ...auth, 'content-type': 'text/plain' } },
    ];
    const bodies: Record<string, unknown>[] = [
      {},
      { ...good, currency_id: {} },
      { ...good, currency_id: [1] },
      { ...good, currency_id: true },
      { ...good, currency_id: 1.5 },
      { ...good, currency_id: -1 },
      { ...good, currency_id: '99999999999999999999' },
      { ...good, number: null },
      { ...good, number: [] },
      { ...good, number: { value: 1 } },
      { ...good, number: true },
      { ...good, from_field: null },
      { ...good, from_field: ['change'] },
      { ...good, to_field: { kind: 2 } },
      { ...good, extra: 1 },
    ];
    const replies = [
      ...(await Promise.all(
        raw.map((item) =>
          call({
            method: 'POST',
            url: `/api/${item.url ?? 'wallet/change'}?lang=en`,
            payload: item.payload,
            headers: item.headers,
          }),
        ),
      )),
      ...(await Promise.all(bodies.map((body) => change(user, body)))),
      await post('/wallet/legal_log', { page: -1 }, user.token),
      await post('/wallet/legal_log', { page: 'x' }, user.token),
      await post('/wallet/legal_log', { page: 10_001 }, user.token),
      await post('/wallet/legal_log', { type: 'vault' }, user.token),
      await post('/wallet/legal_log', { currency: [1, 2] }, user.token),
      await post('/wallet/detail', { currency: 1 }, user.token),
      await post('/wallet/detail', { currency: 1, type: 9 }, user.token),
      await post('/wallet/get_info', { currency: 'x' }, user.token),
      await get('/wallet/getRateCurrency?id=', user.token),
      await get('/wallet/getRateCurrency?id=1e3', user.token),
      await get('/wallet/hzhistory?page=1&page=2', user.token),
      await get('/wallet/bill.csv?kind=nothing', user.token),
    ];
    const serverErrors = replies.filter((reply) => reply.status >= 500).length;
    for (const reply of replies) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.type, JSON.stringify(reply.body)).toBe('error');
      expect(typeof reply.body.message).toBe('string');
      expect(reply.body.message).not.toMatch(/error:|at |stack|sql/i);
    }
    expect(await balances(user)).toEqual(before.balances);
    expect(await entryCount()).toBe(before.entries);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    reportFigures(testDatabase.name, [
      {
        label: 'malformed wallet requests',
        tried: replies.length,
        bad: serverErrors,
        badLabel: '5xx replies',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });
});
