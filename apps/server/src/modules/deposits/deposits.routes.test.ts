import type {
  DepositAddress,
  DepositAddressList,
  DepositAddressRow,
  DepositLog,
  DepositQueue,
  DepositQueueEntry,
  DepositRecord,
} from '@fairex/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, reportFigures } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { uploadedFiles } from '../upload/upload.schema';
import {
  complianceToken,
  depositCalls,
  erc20Address,
  financeToken,
  type Reply,
  staffStandIns,
  trc20Address,
  usdtId,
} from './deposits.fixtures';
import { depositAddressChanges, depositRequests } from './deposits.schema';
import { seedDemoAddresses } from './deposits.seed';
import { createDepositsService } from './deposits.service';

const clock = { now: () => new Date() };

const messages = {
  unavailable: 'Deposits of this currency are not available',
  chainUnsupported: 'This network is not supported for this currency',
  addressInvalid: 'The address does not match the format of this network',
  voucherRequired: 'Please upload the payment voucher',
  voucherInvalid: 'The payment voucher was not found, please upload it again',
  amountInvalid: 'Please enter a valid amount',
  notPositive: 'The amount must be greater than zero',
  decimals: 'The amount has more decimal places than this currency allows',
  tooLarge: 'The amount is too large',
  tooManyPending: 'You already have 5 deposits awaiting review; please wait until they are processed',
  notFound: 'Deposit request not found',
  alreadyDecided: 'This deposit has already been reviewed',
  reasonRequired: 'Please give the reason for the rejection (2-200 characters)',
  forbidden: 'You do not have permission to do this',
  parameter: 'Parameter error',
  keyReused: 'This Idempotency-Key was already used for a different request',
};

const refusal = (message: string, status = 200): Reply => ({ status, body: { type: 'error', message } });

describe.each(testDatabases())('deposits on $name', (testDatabase) => {
  let testApp: TestApp;
  const api = depositCalls(() => testApp, clock);
  const { call, okMessage, newUser, uploadVoucher, setAddress, chargeReq, deposit, decide, spotBalance } =
    api;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock, staffStandIns });
    await okMessage(setAddress({ currency_id: usdtId, chain: 'TRC20', address: trc20Address, active: 1 }));
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function requestCount(): Promise<number> {
    const [row] = await db().select({ total: count() }).from(depositRequests);
    return row?.total ?? 0;
  }

  const log = (token: string, query = '') =>
    okMessage<DepositLog>(call('GET', `/recharge/log${query}`, token));

  it('lets finance staff set addresses, checked per chain and recorded, and users read them', async () => {
    const user = await newUser();
    // Nothing set for ERC20 yet (live mode): not available, not an error page.
    expect(await call('POST', '/wallet/get_in_address', user.token, { currency: 3, chain: 'ERC20' })).toEqual(
      refusal(messages.unavailable),
    );
    expect(await call('POST', '/wallet/get_in_address', user.token, { currency: 1 })).toEqual(
      refusal(messages.unavailable),
    );

    expect(await setAddress({ currency_id: 3, chain: 'ERC20', address: trc20Address, active: 1 })).toEqual(
      refusal(messages.addressInvalid),
    );
    expect(await setAddress({ currency_id: 3, chain: 'BTC', address: erc20Address, active: 1 })).toEqual(
      refusal(messages.chainUnsupported),
    );
    expect(
      await setAddress({ currency_id: 1, chain: 'BTC', address: 'bc1qnotanaddress!', active: 1 }),
    ).toEqual(refusal(messages.addressInvalid));
    const saved = await okMessage<DepositAddressRow>(
      setAddress({ currency_id: '3', chain: 'erc20', address: erc20Address, memo: '', active: 'true' }),
    );
    expect(saved).toMatchObject({ currency_id: 3, chain: 'ERC20', address: erc20Address, active: true });
    expect(saved.updated_by).toBe(7);

    // The address is the operator's, the same for everyone: user_id is accepted and ignored.
    const someoneElse = await newUser();
    const address = await okMessage<DepositAddress>(
      call('POST', '/wallet/get_in_address', user.token, {
        currency: '3',
        chain: 'ERC20',
        user_id: someoneElse.userId,
      }),
    );
    expect(address).toEqual({
      currency_id: 3,
      code: 'USDT',
      scale: 6,
      chain: 'ERC20',
      chains: ['ERC20', 'TRC20'],
      address: erc20Address,
      memo: null,
      demo: false,
    });
    // Without a chain: the currency's first chain with an address; by code as well as by id.
    const byCode = await okMessage<DepositAddress>(
      call('POST', '/wallet/get_in_address', user.token, { currency: 'usdt' }),
    );
    expect(byCode.chain).toBe('ERC20');

    // Switched off: no longer offered.
    await okMessage(setAddress({ currency_id: 3, chain: 'ERC20', address: erc20Address, active: 0 }));
    expect(await call('POST', '/wallet/get_in_address', user.token, { currency: 3, chain: 'ERC20' })).toEqual(
      refusal(messages.unavailable),
    );
    const fallback = await okMessage<DepositAddress>(
      call('POST', '/wallet/get_in_address', user.token, { currency: 3 }),
    );
    expect(fallback).toMatchObject({ chain: 'TRC20', chains: ['TRC20'], address: trc20Address });

    const list = await okMessage<DepositAddressList>(call('GET', '/admin/deposit-addresses', financeToken));
    const chains = list.list.map((row) => `${row.code}/${row.chain}`);
    expect(chains.slice(0, 4)).toEqual(['USDT/ERC20', 'USDT/TRC20', 'ETH/ERC20', 'BTC/BTC']);
    // The other listed coins follow, each on its network, with no address until finance sets one.
    expect(chains).toContain('SOL/SOL');
    expect(list.list.find((row) => row.code === 'SOL')).toMatchObject({ address: null, active: false });
    expect(list.list.find((row) => row.chain === 'BTC')).toMatchObject({ address: null, active: false });
    const changes = await db()
      .select()
      .from(depositAddressChanges)
      .where(eq(depositAddressChanges.chain, 'ERC20'));
    expect(changes.map((change) => [change.active, change.changedBy])).toEqual([
      [true, 7],
      [false, 7],
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('seeds demo addresses only where none is set, labelled demo', async () => {
    const user = await newUser();
    await seedDemoAddresses(db(), clock);
    const eth = await okMessage<DepositAddress>(
      call('POST', '/wallet/get_in_address', user.token, { currency: 2 }),
    );
    expect(eth).toMatchObject({ code: 'ETH', chain: 'ERC20', demo: true });
    const tron = await okMessage<DepositAddress>(
      call('POST', '/wallet/get_in_address', user.token, { currency: 3, chain: 'TRC20' }),
    );
    expect(tron).toMatchObject({ address: trc20Address, demo: false });
    // The ERC20 address staff switched off stays off.
    expect(await call('POST', '/wallet/get_in_address', user.token, { currency: 3, chain: 'ERC20' })).toEqual(
      refusal(messages.unavailable),
    );
  });

  it('keeps a deposit pending until finance approves, then credits it exactly once', async () => {
    const user = await newUser();
    const voucher = await uploadVoucher(user);
    const pending = await okMessage<DepositRecord>(
      chargeReq(user, { amount: '125.5', currency: usdtId, type: '0', chain: 'TRC20', voucher }),
    );
    expect(pending).toMatchObject({
      currency: 'USDT',
      chain: 'TRC20',
      amount: '125.500000',
      credited_amount: null,
      status: 'pending',
      reason: '',
      voucher,
      reviewed_at: null,
    });
    expect(await spotBalance(user)).toBe(0n);
    // The voucher is now private: its owner can read it, the public cannot.
    const [file] = await db()
      .select({ visibility: uploadedFiles.visibility })
      .from(uploadedFiles)
      .where(eq(uploadedFiles.key, voucher.slice('/uploads/'.length)));
    expect(file?.visibility).toBe('private');
    expect((await testApp.app.inject({ method: 'GET', url: voucher })).statusCode).toBe(404);
    const own = await testApp.app.inject({
      method: 'GET',
      url: voucher,
      headers: { authorization: user.token },
    });
    expect(own.statusCode).toBe(200);

    const first = await log(user.token);
    expect(first).toMatchObject({ page: 1, limit: 10, total: 1 });
    expect(first.list).toEqual([pending]);

    const queue = await okMessage<DepositQueue>(call('GET', '/admin/deposits', financeToken));
    const entry = queue.list.find((candidate) => candidate.id === pending.id);
    expect(entry).toMatchObject({ user_id: user.userId, voucher, status: 'pending', sender: '' });
    expect(entry?.account).toMatch(/^0x/);

    const approved = await okMessage<DepositQueueEntry>(decide({ id: pending.id, decision: 'approve' }));
    expect(approved).toMatchObject({ status: 'approved', credited_amount: '125.500000', reviewed_by: 7 });
    expect(await spotBalance(user)).toBe(125_500_000n);

    expect(await decide({ id: pending.id, decision: 'approve' })).toEqual(refusal(messages.alreadyDecided));
    expect(await decide({ id: pending.id, decision: 'reject', reason: 'too late' })).toEqual(
      refusal(messages.alreadyDecided),
    );
    expect(await spotBalance(user)).toBe(125_500_000n);
    const after = await log(user.token);
    expect(after.list[0]).toMatchObject({
      id: pending.id,
      status: 'approved',
      credited_amount: '125.500000',
    });
    expect(after.list[0]?.reviewed_at).toEqual(expect.any(Number));
    const decided = await okMessage<DepositQueue>(
      call('GET', '/admin/deposits?status=approved', financeToken),
    );
    expect(decided.list[0]?.id).toBe(pending.id);
    await expectLedgerClean(testApp.database);
  });

  it('credits what actually arrived when staff say so', async () => {
    const user = await newUser();
    const pending = await deposit(user, '50');
    expect(await decide({ id: pending.id, decision: 'approve', amount: '0' })).toEqual(
      refusal(messages.notPositive),
    );
    expect(await decide({ id: pending.id, decision: 'approve', amount: '1.0000001' })).toEqual(
      refusal(messages.decimals),
    );
    expect(await spotBalance(user)).toBe(0n);
    const approved = await okMessage<DepositQueueEntry>(
      decide({ id: pending.id, decision: 'approve', amount: '49.25' }),
    );
    expect(approved).toMatchObject({ amount: '50.000000', credited_amount: '49.250000' });
    expect(await spotBalance(user)).toBe(49_250_000n);
    await expectLedgerClean(testApp.database);
  });

  it('rejects with a reason, crediting nothing', async () => {
    const user = await newUser();
    const pending = await deposit(user, '10');
    expect(await decide({ id: pending.id, decision: 'reject' })).toEqual(refusal(messages.reasonRequired));
    expect(await decide({ id: pending.id, decision: 'reject', reason: ' x ' })).toEqual(
      refusal(messages.reasonRequired),
    );
    const rejected = await okMessage<DepositQueueEntry>(
      decide({ id: pending.id, decision: 'reject', reason: 'No payment arrived' }),
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      reason: 'No payment arrived',
      credited_amount: null,
    });
    expect(await decide({ id: pending.id, decision: 'approve' })).toEqual(refusal(messages.alreadyDecided));
    expect(await decide({ id: 999_999, decision: 'approve' })).toEqual(refusal(messages.notFound));
    expect(await spotBalance(user)).toBe(0n);
    expect((await log(user.token)).list[0]).toMatchObject({
      status: 'rejected',
      reason: 'No payment arrived',
    });
    await expectLedgerClean(testApp.database);
  });

  it('allows at most 5 deposits waiting for review per user', async () => {
    const user = await newUser();
    const pending: DepositRecord[] = [];
    for (let index = 0; index < 5; index += 1) pending.push(await deposit(user, String(index + 1)));
    const voucher = await uploadVoucher(user);
    const body = { amount: '6', currency: usdtId, chain: 'TRC20', voucher };
    expect(await chargeReq(user, body)).toEqual(refusal(messages.tooManyPending));
    await okMessage(decide({ id: pending[0]?.id, decision: 'reject', reason: 'duplicate' }));
    await okMessage(chargeReq(user, body));
    const page1 = await log(user.token, '?page=1&limit=4');
    expect(page1.list.map((entry) => entry.amount)).toEqual(['6.000000', '5.000000', '4.000000', '3.000000']);
    const page2 = await log(user.token, '?page=2&limit=4');
    expect(page2.list.map((entry) => entry.amount)).toEqual(['2.000000', '1.000000']);
    expect(page2.total).toBe(6);
    await expectLedgerClean(testApp.database);
  });

  it('case 16: keeps users to their own vouchers and requests, and off staff routes', async () => {
    const alice = await newUser();
    const bob = await newUser();
    const alicesVoucher = await uploadVoucher(alice);
    const before = await requestCount();
    expect(
      await chargeReq(bob, { amount: '5', currency: usdtId, chain: 'TRC20', voucher: alicesVoucher }),
    ).toEqual(refusal(messages.voucherInvalid));
    await deposit(alice, '7');
    expect((await log(bob.token)).list).toEqual([]);
    expect((await log(alice.token)).list).toHaveLength(1);

    const probes: [string, string, object | undefined][] = [
      ['GET', '/admin/deposits', undefined],
      ['GET', '/admin/deposit-addresses', undefined],
      ['POST', '/admin/deposits/decide', { id: 1, decision: 'approve' }],
      [
        'POST',
        '/admin/deposit-addresses/save',
        { currency_id: 3, chain: 'TRC20', address: trc20Address, active: 1 },
      ],
    ];
    let leaks = 0;
    for (const [method, url, payload] of probes) {
      for (const token of [alice.token, complianceToken, undefined]) {
        const reply = await call(method as 'GET' | 'POST', url, token, payload);
        if (reply.status !== 403 || reply.body.type !== 'error') leaks += 1;
        expect(reply).toEqual(refusal(messages.forbidden, 403));
      }
    }
    const guarded = [
      await call('GET', '/recharge/log', undefined),
      await call('POST', '/wallet/charge_req', undefined, {
        amount: '1',
        currency: 3,
        voucher: alicesVoucher,
      }),
      await call('POST', '/wallet/get_in_address', undefined, { currency: 3 }),
    ];
    for (const reply of guarded) expect(reply.body.type).toBe(999);
    expect(await requestCount()).toBe(before + 1);
    reportFigures(testDatabase.name, [
      { label: 'deposit access probes', tried: probes.length * 3 + 4, bad: leaks, badLabel: 'leaks found' },
    ]);
    await expectLedgerClean(testApp.database);
  });

  it('case 17: refuses voucher paths that are not the caller’s own fresh upload', async () => {
    const alice = await newUser();
    const used = (await deposit(alice, '1')).voucher;
    const fresh = await uploadVoucher(alice);
    const key = fresh.slice('/uploads/'.length);
    const before = await requestCount();
    const hostile = [
      `/uploads/../${key}`,
      `/uploads/${key.replace(/\//g, '/../')}`,
      '/uploads/../../etc/passwd',
      '../../etc/passwd',
      '/etc/passwd',
      `https://evil.example${fresh}`,
      `${fresh}?x=1`,
      `/uploads/2026/01/${'0'.repeat(32)}.png`,
      used,
    ];
    for (const voucher of hostile) {
      const reply = await chargeReq(alice, { amount: '1', currency: usdtId, chain: 'TRC20', voucher });
      expect(reply, voucher).toEqual(refusal(messages.voucherInvalid));
    }
    expect(await chargeReq(alice, { amount: '1', currency: usdtId, voucher: fresh, pic: used })).toEqual(
      refusal(messages.voucherInvalid),
    );
    expect(await requestCount()).toBe(before);
    // The fresh one is still good (a refusal changes nothing), and `pic` works as the field name.
    await okMessage(chargeReq(alice, { amount: '1', currency: usdtId, chain: 'TRC20', pic: fresh }));
    await expectLedgerClean(testApp.database);
  });

  it('case 18: refuses malformed deposit bodies with localised messages, storing nothing', async () => {
    const user = await newUser();
    const voucher = await uploadVoucher(user);
    const good = { amount: '1', currency: usdtId, chain: 'TRC20', voucher };
    const cases: [object, string][] = [
      [{ ...good, amount: '0' }, messages.notPositive],
      [{ ...good, amount: '-1' }, messages.notPositive],
      [{ ...good, amount: -1 }, messages.notPositive],
      [{ ...good, amount: '1e30' }, messages.amountInvalid],
      [{ ...good, amount: 1e30 }, messages.amountInvalid],
      [{ ...good, amount: '1e-30' }, messages.amountInvalid],
      [{ ...good, amount: 'NaN' }, messages.amountInvalid],
      [{ ...good, amount: '' }, messages.amountInvalid],
      [{ ...good, amount: '1,5' }, messages.amountInvalid],
      [{ ...good, amount: '0x10' }, messages.amountInvalid],
      [{ ...good, amount: '1.0000001' }, messages.decimals],
      [{ ...good, amount: '1000000000000000000000000000000' }, messages.tooLarge],
      [{ ...good, amount: 'x'.repeat(65) }, messages.parameter],
      [{ ...good, amount: { value: 1 } }, messages.parameter],
      [{ ...good, amount: [1] }, messages.parameter],
      [{ ...good, voucher: undefined }, messages.voucherRequired],
      [{ ...good, voucher: '' }, messages.voucherRequired],
      [{ ...good, extra: 'field' }, messages.parameter],
      [{ ...good, user_id: 1 }, messages.parameter],
      [{ ...good, type: 1 }, messages.parameter],
      [{ ...good, currency: 'BTC$' }, messages.parameter],
      [{ ...good, currency: 99 }, messages.unavailable],
      [{ ...good, currency: -3 }, messages.parameter],
      [{ ...good, chain: 'BTC' }, messages.chainUnsupported],
      [{ ...good, chain: '../x' }, messages.parameter],
      [{ ...good, voucher: 'v'.repeat(300) }, messages.parameter],
      [{ amount: '1', voucher }, messages.parameter],
      [{ currency: usdtId, voucher }, messages.parameter],
    ];
    const before = await requestCount();
    let fiveHundreds = 0;
    for (const [body, message] of cases) {
      const reply = await chargeReq(user, body);
      if (reply.status >= 500) fiveHundreds += 1;
      expect(reply, JSON.stringify(body)).toEqual(refusal(message));
    }
    // Raw bodies: prototype pollution, broken JSON, a form body with a bad amount, localised.
    const raw = [
      { payload: '{"__proto__":{"x":1},"amount":"1","currency":3}', type: 'application/json' },
      { payload: '{"amount":', type: 'application/json' },
      {
        payload: 'amount=0&currency=3&chain=TRC20&voucher=%2Fx&lang=zh',
        type: 'application/x-www-form-urlencoded',
      },
      { payload: `amount=1&currency=3&chain=TRC20&lang=zh`, type: 'application/x-www-form-urlencoded' },
    ];
    const rawReplies: Reply[] = [];
    for (const { payload, type } of raw) {
      const reply = await testApp.call({
        method: 'POST',
        url: '/api/wallet/charge_req',
        payload,
        headers: { authorization: user.token, 'content-type': type },
      });
      if (reply.status >= 500) fiveHundreds += 1;
      rawReplies.push(reply);
    }
    for (const reply of rawReplies) expect(reply.body.type).toBe('error');
    expect(rawReplies[2]?.body.message).toBe('数量必须大于零');
    expect(rawReplies[3]?.body.message).toBe('请上传付款凭证');
    expect(await requestCount()).toBe(before);
    reportFigures(testDatabase.name, [
      {
        label: 'malformed deposit requests',
        tried: cases.length + raw.length,
        bad: fiveHundreds,
        badLabel: '5xx replies',
      },
    ]);
    // The voucher was never consumed by a refusal.
    await okMessage(chargeReq(user, good));
    await expectLedgerClean(testApp.database);
  });

  it('case 3: a retried charge_req with the same Idempotency-Key files one request', async () => {
    const user = await newUser();
    const voucher = await uploadVoucher(user);
    const body = { amount: '3', currency: usdtId, chain: 'TRC20', voucher };
    const key = { 'idempotency-key': `deposit-${user.userId}` };
    const before = await requestCount();
    const first = await okMessage<DepositRecord>(chargeReq(user, body, key));
    const retried = await okMessage<DepositRecord>(chargeReq(user, body, key));
    expect(retried).toEqual(first);
    expect(await chargeReq(user, { ...body, amount: '4' }, key)).toEqual(refusal(messages.keyReused));
    expect(await requestCount()).toBe(before + 1);

    // A retry that reaches the service again (the first reply was lost with the server) finds
    // the request the key already filed instead of filing another.
    const service = createDepositsService({
      db: db(),
      clock,
      ledger: testApp.services.ledger,
      prices: { referencePrice: () => null },
      twoPersonAboveMicros: 0n,
    });
    const again = await service.submit({
      userId: user.userId,
      currency: usdtId,
      chain: 'TRC20',
      amount: '3',
      voucher: { voucher },
      sender: '',
      idempotencyKey: key['idempotency-key'],
    });
    expect(again.id).toBe(first.id);
    expect(await requestCount()).toBe(before + 1);
    reportFigures(testDatabase.name, [
      {
        label: 'retried deposit submissions',
        tried: 3,
        bad: (await requestCount()) - before - 1,
        badLabel: 'duplicates',
      },
    ]);
    await expectLedgerClean(testApp.database);
  });
});
