import type { BankCard, WalletAddress, WalletAddressList } from '@fairex/contract';
import { and, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../platform/i18n/messages';
import { expectLedgerClean, reportFigures } from '../../test-support/money-test';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { callers, type Reply, registerByEmail, requestCode } from '../accounts/accounts.fixtures';
import { multipartBody, pngImage } from '../upload/upload.fixtures';
import { findPayoutDestination } from './index';
import { bankCards, withdrawalAddresses } from './payout-methods.schema';

const en = serverMessages.en;
const error = (key: string) => ({ type: 'error', message: en[key] });
const mine = (code: string) => error(`payoutMethods.errors.${code}`);
const payPassword = 'paypass1';

type TestUser = { token: string; userId: number; email: string };

/** Addresses that have each network's format. */
const addresses = {
  btcBech32: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  btcLegacy: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  btcScript: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  erc20: '0x52908400098527886E0F7030069857D2E4169EE7',
  trc20: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
};

/** A valid domestic card body (all fields of spec section 3). */
const domesticCard = {
  alipay_account: '021000021',
  real_name: 'Ada Lovelace',
  bank_account: '6222 0212 3456 7890',
  bank_dizhi: 'Zhejiang, Hangzhou',
  bank_name: 'Bank of Hangzhou',
  bank_network: 'West Lake Branch',
  swift_code: 'hzcbcn2h',
  phone: '+86 139-0000-0000',
  wechat_account: '12 Lake Road, Hangzhou',
};
const internationalCard = {
  alipay_account: '026009593',
  real_name: 'Grace Hopper',
  bank_account: 'GB82 WEST 1234 5698 7654 32',
  bank_dizhi: 'England, London',
  bank_name: 'Westminster Bank',
  bank_network: 'Piccadilly',
  wechat_nickname: 'NWBKGB2LXXX',
  phone: '447700900123',
  wechat_account: '1 Piccadilly, London W1J 0BH',
};

describe.each(testDatabases())('payout methods on $name', (testDatabase) => {
  let testApp: TestApp;
  const caller = callers(() => testApp);
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { env: { DEMO: 'true' } });
  });
  afterAll(async () => {
    await expectLedgerClean(testApp.database);
    await testApp.close();
  });

  async function newUser(options: { payPassword?: boolean } = {}): Promise<TestUser> {
    const { token, email } = await registerByEmail(caller, db());
    if (options.payPassword ?? true) {
      const code = await requestCode(caller, db(), {
        channel: 'email',
        address: email,
        purpose: 'security',
        token,
      });
      const reply = await caller.post(
        '/safe/update_password',
        { password: payPassword, re_password: payPassword, code },
        { token },
      );
      expect(reply.body.type, JSON.stringify(reply.body)).toBe('ok');
    }
    const info = await caller.get('/user/info', { token });
    return { token, email, userId: (info.body.message as { id: number }).id };
  }

  async function okMessage<T>(reply: Promise<Reply>): Promise<T> {
    const { status, body } = await reply;
    expect(status).toBe(200);
    expect(body.type, JSON.stringify(body)).toBe('ok');
    return body.message as T;
  }

  /** Uploads an image: the QR code of `qrText`, or a plain picture with no QR code in it. */
  async function upload(
    user: TestUser,
    qrText: string | null = 'TRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR1',
  ): Promise<string> {
    // A text no QR code can hold (a test's oversized field) gets a plain picture.
    const qr = qrText === null ? null : await QRCode.toBuffer(qrText, { margin: 2 }).catch(() => null);
    const content = qr ?? (await pngImage());
    const body = multipartBody([{ name: 'file', content, filename: 'qr.png', contentType: 'image/png' }]);
    const reply = await testApp.call({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { authorization: user.token, ...body.headers },
    });
    expect(reply.body.type).toBe('ok');
    return String(reply.body.message);
  }

  async function fileStatus(path: string, token?: string): Promise<number> {
    const response = await testApp.app.inject({
      method: 'GET',
      url: path,
      headers: token ? { authorization: token } : {},
    });
    return response.statusCode;
  }

  let addressCounter = 0;
  /** A TRC20 address no earlier test used (T and 33 base58 characters). */
  function freshTronAddress(): string {
    addressCounter += 1;
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    let n = addressCounter + 1_000_000 * Math.floor(Math.random() * 1000);
    let suffix = '';
    while (n > 0) {
      suffix = alphabet[n % 58] + suffix;
      n = Math.floor(n / 58);
    }
    return `T${'R'.repeat(33 - suffix.length)}${suffix}`;
  }

  const saveAddress = (user: TestUser, body: Record<string, unknown>) =>
    caller.post('/user/wallet/save', body, { token: user.token });

  /** A valid body for a fresh USDT TRC20 address; an override of `undefined` drops the field. */
  async function addressBody(user: TestUser, overrides: Record<string, unknown> = {}) {
    const address = 'address' in overrides ? overrides.address : freshTronAddress();
    const body: Record<string, unknown> = {
      currency: 3,
      chain: 'TRC20',
      name: 'My TRON wallet',
      address,
      qrcode: 'qrcode' in overrides ? overrides.qrcode : await upload(user, String(address)),
      pay_password: payPassword,
      ...overrides,
    };
    for (const key of Object.keys(overrides)) if (overrides[key] === undefined) delete body[key];
    return body;
  }

  const listReply = (user: TestUser, query = '') =>
    testApp.call({
      method: 'GET',
      url: `/api/user/wallet/list?lang=en${query.replace('?', '&')}`,
      headers: { authorization: user.token },
    });
  const list = (user: TestUser, query = '') => okMessage<WalletAddressList>(listReply(user, query));

  async function liveRows(user: TestUser) {
    return db()
      .select()
      .from(withdrawalAddresses)
      .where(and(eq(withdrawalAddresses.userId, user.userId), isNull(withdrawalAddresses.deletedAt)));
  }
  async function cardRows(user: TestUser) {
    return db().select().from(bankCards).where(eq(bankCards.userId, user.userId));
  }

  it('states the user policy on every route and wants a session', async () => {
    const validBodies: Record<string, Record<string, unknown>> = {
      '/user/wallet/save': {
        currency: 1,
        name: 'Label',
        address: addresses.btcBech32,
        qrcode: '/uploads/2026/01/00000000000000000000000000000000.png',
        pay_password: payPassword,
      },
      '/user/wallet/delete': { id: 1, pay_password: payPassword },
      '/user/cash_save': { ...domesticCard, pay_password: payPassword },
      '/user/cash_save_international': { ...internationalCard, pay_password: payPassword },
    };
    const paths = [
      '/user/wallet/save',
      '/user/wallet/list',
      '/user/wallet/delete',
      '/user/cash_save',
      '/user/cash_save_international',
      '/user/cash_info',
      '/user/cash_info_international',
    ];
    for (const path of paths) {
      const route = testApp.app.registeredRoutes.find(
        (candidate) => candidate.url === `/api${path}` && candidate.method !== 'HEAD',
      );
      expect(route?.policy, path).toEqual({ kind: 'user' });
      const reply =
        route?.method === 'GET' ? await caller.get(path) : await caller.post(path, validBodies[path] ?? {});
      expect(reply.body.type, path).toBe(999);
    }
  });

  describe('addresses', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await newUser();
    });

    it('saves an address on each network with its QR code, which turns private', async () => {
      const qrcode = await upload(user, `bitcoin:${addresses.btcBech32.toUpperCase()}?amount=0.01`);
      expect(await fileStatus(qrcode)).toBe(200);
      const saved = await okMessage<WalletAddress>(
        saveAddress(user, {
          currency: '1',
          name: 'Cold storage',
          address: addresses.btcBech32,
          qrcode,
          pay_password: payPassword,
        }),
      );
      expect(saved).toMatchObject({
        currency_id: 1,
        currency: 'BTC',
        image: '/coins/btc.svg',
        chain: 'BTC',
        name: 'Cold storage',
        address: addresses.btcBech32,
        qrcode,
      });
      expect(saved.created_at).toBeGreaterThan(1e12);
      expect(await fileStatus(qrcode)).toBe(404);
      expect(await fileStatus(qrcode, user.token)).toBe(200);

      for (const body of [
        { currency: 1, chain: '', address: addresses.btcLegacy },
        { currency: 1, chain: 'btc', address: addresses.btcScript },
        { currency: 2, chain: undefined, address: addresses.erc20 },
        { currency: 3, chain: 'ERC20', address: addresses.erc20 },
        { currency: 3, chain: 'TRC20', address: addresses.trc20 },
      ]) {
        const reply = await saveAddress(user, await addressBody(user, body));
        expect(reply.body.type, JSON.stringify({ body, reply: reply.body })).toBe('ok');
      }
      const stored = await list(user);
      expect(stored.list.map((entry) => `${entry.currency}/${entry.chain}`)).toEqual([
        'USDT/TRC20',
        'USDT/ERC20',
        'ETH/ERC20',
        'BTC/BTC',
        'BTC/BTC',
        'BTC/BTC',
      ]);
    });

    it('checks currency, network, address format, label and QR code, with a message for each', async () => {
      const before = (await liveRows(user)).length;
      const cases: [Record<string, unknown>, string][] = [
        [{ currency: 99 }, 'currency_invalid'],
        [{ currency: 0 }, 'currency_invalid'],
        [{ currency: 'USDT' }, 'currency_invalid'],
        [{ currency: 3, chain: undefined }, 'chain_required'],
        [{ currency: 3, chain: 'BTC' }, 'chain_invalid'],
        [{ currency: 1, chain: 'ERC20', address: addresses.erc20 }, 'chain_invalid'],
        [{ currency: 3, chain: 'TRC20', address: addresses.erc20 }, 'address_invalid'],
        [{ currency: 3, chain: 'ERC20', address: '0x1234' }, 'address_invalid'],
        [{ currency: 1, chain: undefined, address: 'bc1' }, 'address_invalid'],
        [{ currency: 1, chain: undefined, address: '2BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' }, 'address_invalid'],
        [{ address: '' }, 'address_invalid'],
        [{ name: '' }, 'name_invalid'],
        [{ name: '   ' }, 'name_invalid'],
        [{ name: 'x'.repeat(31) }, 'name_invalid'],
        [{ name: '<script>' }, 'name_invalid'],
        [{ name: 'a;b' }, 'name_invalid'],
        [{ qrcode: undefined }, 'qrcode_required'],
        [{ qrcode: '' }, 'qrcode_required'],
        [{ pay_password: undefined }, 'pay_password_required'],
        [{ pay_password: '' }, 'pay_password_required'],
      ];
      for (const [overrides, code] of cases) {
        const body = await addressBody(user, overrides);
        expect((await saveAddress(user, body)).body, JSON.stringify(overrides)).toEqual(mine(code));
      }
      expect((await liveRows(user)).length).toBe(before);
    });

    it('reads the QR code: refuses a picture with none, or one of another address, saying which', async () => {
      const user = await newUser();
      const address = freshTronAddress();
      const noQr = await addressBody(user, { address, qrcode: await upload(user, null) });
      expect((await saveAddress(user, noQr)).body).toEqual(mine('qrcode_unreadable'));
      const otherQr = await addressBody(user, { address, qrcode: await upload(user, freshTronAddress()) });
      expect((await saveAddress(user, otherQr)).body).toEqual(mine('qrcode_mismatch'));
      const inChinese = await caller.post('/user/wallet/save', otherQr, { token: user.token, lang: 'zh' });
      expect(inChinese.body).toEqual({
        type: 'error',
        message: '二维码对应的地址与填写的地址不一致',
      });
      expect(await liveRows(user)).toEqual([]);
      // Refused images stay the user's public uploads: nothing was saved that refers to them.
      expect(await fileStatus(String(otherQr.qrcode))).toBe(200);
      const evm = '0x52908400098527886e0f7030069857d2e4169ee7';
      const uri = await addressBody(user, {
        currency: 2,
        chain: undefined,
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        qrcode: await upload(user, `ethereum:${evm}@1?value=1e18`),
      });
      expect((await saveAddress(user, uri)).body.type).toBe('ok');
    });

    it('accepts labels in any script and refuses the same address twice', async () => {
      const body = await addressBody(user, { name: '我的 钱包-1' });
      expect((await saveAddress(user, body)).body.type).toBe('ok');
      const again = { ...body, name: 'Again', qrcode: await upload(user, String(body.address)) };
      expect((await saveAddress(user, again)).body).toEqual(mine('address_exists'));
      const erc = await addressBody(user, { chain: 'ERC20', address: addresses.erc20.toLowerCase() });
      expect((await saveAddress(user, erc)).body).toEqual(mine('address_exists'));
      // The same address on the other currency of that network is another destination.
      const eth = await addressBody(user, { currency: 2, chain: undefined, address: '0x'.padEnd(42, 'a') });
      expect((await saveAddress(user, eth)).body.type).toBe('ok');
    });

    it('lists newest first, 10 per page, with a limit of at most 50', async () => {
      const other = await newUser();
      const saved: number[] = [];
      for (let index = 0; index < 12; index += 1) {
        saved.push((await okMessage<WalletAddress>(saveAddress(other, await addressBody(other)))).id);
      }
      const first = await list(other);
      expect(first).toMatchObject({ page: 1, limit: 10, total: 12 });
      expect(first.list.map((entry) => entry.id)).toEqual(saved.slice(2).reverse());
      const second = await list(other, '?page=2');
      expect(second.list.map((entry) => entry.id)).toEqual(saved.slice(0, 2).reverse());
      expect((await list(other, '?page=3')).list).toEqual([]);
      expect((await list(other, '?page=1&limit=50')).list).toHaveLength(12);
      expect((await list(other, '?page=2&limit=5')).list.map((entry) => entry.id)).toEqual(
        saved.slice(2, 7).reverse(),
      );
      for (const query of ['?limit=51', '?page=0', '?page=abc', '?limit=-1', '?sort=id']) {
        expect((await listReply(other, query)).body).toEqual(error('errors.parameter_error'));
      }
    });

    it('deletes softly: gone from the list and from withdrawals, the row kept', async () => {
      const saved = await okMessage<WalletAddress>(saveAddress(user, await addressBody(user)));
      expect(
        await findPayoutDestination(db(), { userId: user.userId, kind: 'address', id: saved.id }),
      ).toEqual({
        kind: 'address',
        id: saved.id,
        currencyId: 3,
        chain: 'TRC20',
        name: saved.name,
        address: saved.address,
        qrcode: saved.qrcode,
      });
      expect(
        await okMessage(
          caller.post(
            '/user/wallet/delete',
            { id: saved.id, pay_password: payPassword },
            { token: user.token },
          ),
        ),
      ).toEqual({ id: saved.id });
      expect((await list(user, '?limit=50')).list.some((entry) => entry.id === saved.id)).toBe(false);
      expect(
        await findPayoutDestination(db(), { userId: user.userId, kind: 'address', id: saved.id }),
      ).toBeNull();
      const [row] = await db().select().from(withdrawalAddresses).where(eq(withdrawalAddresses.id, saved.id));
      expect(row?.deletedAt).toBeInstanceOf(Date);
      expect(
        (
          await caller.post(
            '/user/wallet/delete',
            { id: saved.id, pay_password: payPassword },
            { token: user.token },
          )
        ).body,
      ).toEqual(mine('address_not_found'));
      // Deleted, the same address may be saved again.
      const again = await addressBody(user, { address: saved.address });
      expect((await saveAddress(user, again)).body.type).toBe('ok');
    });

    it('keeps at most 20 live addresses per user', async () => {
      const full = await newUser();
      const ids: number[] = [];
      for (let index = 0; index < 20; index += 1) {
        ids.push((await okMessage<WalletAddress>(saveAddress(full, await addressBody(full)))).id);
      }
      const body = await addressBody(full);
      expect((await saveAddress(full, body)).body).toEqual(mine('address_limit'));
      expect(await fileStatus(String(body.qrcode))).toBe(200); // still public: nothing was saved
      await okMessage(
        caller.post('/user/wallet/delete', { id: ids[0], pay_password: payPassword }, { token: full.token }),
      );
      expect((await saveAddress(full, body)).body.type).toBe('ok');
    });
  });

  describe('saves at once', () => {
    it('let neither a duplicate nor an address over the limit through', async () => {
      const user = await newUser();
      const address = freshTronAddress();
      const same = await Promise.all(
        Array.from({ length: 6 }, async () => saveAddress(user, await addressBody(user, { address }))),
      );
      expect(same.filter((reply) => reply.body.type === 'ok')).toHaveLength(1);
      expect(same.filter((reply) => reply.body.type !== 'ok').map((reply) => reply.body)).toEqual(
        Array.from({ length: 5 }, () => mine('address_exists')),
      );
      for (let index = 0; index < 17; index += 1) await okMessage(saveAddress(user, await addressBody(user)));
      const bodies = await Promise.all(Array.from({ length: 5 }, () => addressBody(user)));
      const racing = await Promise.all(bodies.map((body) => saveAddress(user, body)));
      expect(racing.filter((reply) => reply.body.type === 'ok')).toHaveLength(2);
      expect(racing.filter((reply) => reply.body.type !== 'ok').map((reply) => reply.body)).toEqual(
        Array.from({ length: 3 }, () => mine('address_limit')),
      );
      expect(await liveRows(user)).toHaveLength(20);
    });
  });

  describe('bank cards', () => {
    it('saves, reads and replaces the domestic and the international card', async () => {
      const user = await newUser();
      for (const path of ['/user/cash_info', '/user/cash_info_international']) {
        expect(await okMessage(caller.post(path, {}, { token: user.token }))).toBeNull();
        const bare = await testApp.call({
          method: 'POST',
          url: `/api${path}`,
          headers: { authorization: user.token },
        });
        expect(bare.body).toEqual({ type: 'ok', message: null });
      }
      const domestic = await okMessage<BankCard>(
        caller.post('/user/cash_save', { ...domesticCard, pay_password: payPassword }, { token: user.token }),
      );
      expect(domestic).toMatchObject({
        region: 'domestic',
        alipay_account: '021000021',
        real_name: 'Ada Lovelace',
        bank_account: '6222021234567890',
        bank_account_masked: '**** 7890',
        bank_dizhi: 'Zhejiang, Hangzhou',
        bank_name: 'Bank of Hangzhou',
        bank_network: 'West Lake Branch',
        swift_code: 'HZCBCN2H',
        wechat_nickname: 'HZCBCN2H',
        phone: '+8613900000000',
        wechat_account: '12 Lake Road, Hangzhou',
      });
      expect(await okMessage(caller.post('/user/cash_info', {}, { token: user.token }))).toEqual(domestic);
      expect(
        await okMessage(caller.post('/user/cash_info_international', {}, { token: user.token })),
      ).toBeNull();

      const international = await okMessage<BankCard>(
        caller.post(
          '/user/cash_save_international',
          { ...internationalCard, pay_password: payPassword },
          { token: user.token },
        ),
      );
      expect(international).toMatchObject({
        region: 'international',
        bank_account: 'GB82WEST12345698765432',
        bank_account_masked: '**** 5432',
        swift_code: 'NWBKGB2LXXX',
        wechat_nickname: 'NWBKGB2LXXX',
      });
      expect(international.id).not.toBe(domestic.id);

      const replaced = await okMessage<BankCard>(
        caller.post(
          '/user/cash_save',
          { ...domesticCard, bank_name: 'Agricultural Bank', pay_password: payPassword },
          { token: user.token },
        ),
      );
      expect(replaced.id).toBe(domestic.id);
      expect(replaced.bank_name).toBe('Agricultural Bank');
      expect((await cardRows(user)).length).toBe(2);
      expect(await okMessage(caller.post('/user/cash_info', {}, { token: user.token }))).toEqual(replaced);

      const destination = await findPayoutDestination(db(), {
        userId: user.userId,
        kind: 'bank_card',
        id: international.id,
      });
      expect(destination).toMatchObject({
        kind: 'bank_card',
        id: international.id,
        region: 'international',
        realName: 'Grace Hopper',
        bankName: 'Westminster Bank',
        bankAccount: 'GB82WEST12345698765432',
        bankAccountMasked: '**** 5432',
        fields: {
          alipay_account: '026009593',
          bank_dizhi: 'England, London',
          bank_network: 'Piccadilly',
          swift_code: 'NWBKGB2LXXX',
          wechat_account: '1 Piccadilly, London W1J 0BH',
        },
      });
    });

    it('requires every field, with a message per field and region', async () => {
      const user = await newUser();
      const post = (path: string, body: Record<string, unknown>) =>
        caller.post(path, body, { token: user.token });
      const domesticCases: [Record<string, unknown>, string][] = [
        [{ alipay_account: '02100002' }, 'aba_domestic_invalid'],
        [{ alipay_account: 'ABCDEFGHI' }, 'aba_domestic_invalid'],
        [{ real_name: 'A' }, 'real_name_invalid'],
        [{ real_name: 'Ada 1' }, 'real_name_invalid'],
        [{ bank_account: '1234ABCD' }, 'account_domestic_invalid'],
        [{ bank_account: '12345' }, 'account_domestic_invalid'],
        [{ bank_dizhi: '' }, 'province_city_invalid'],
        [{ bank_name: '<b>Bank</b>' }, 'bank_name_invalid'],
        [{ bank_network: 'x' }, 'branch_invalid'],
        [{ swift_code: 'ABC' }, 'swift_invalid'],
        [{ swift_code: 'HZCBCN2HX' }, 'swift_invalid'],
        [{ swift_code: undefined }, 'swift_invalid'],
        [{ swift_code: 'HZCBCN2H', wechat_nickname: 'NWBKGB2L' }, 'swift_mismatch'],
        [{ phone: '12345' }, 'phone_invalid'],
        [{ phone: 'call me' }, 'phone_invalid'],
        [{ wechat_account: 'abc' }, 'holder_address_invalid'],
        [{ wechat_account: 'x'.repeat(201) }, 'holder_address_invalid'],
        [{ pay_password: undefined }, 'pay_password_required'],
      ];
      const internationalCases: [Record<string, unknown>, string][] = [
        [{ alipay_account: '12345' }, 'aba_international_invalid'],
        [{ alipay_account: 'A$B#C' }, 'aba_international_invalid'],
        [{ bank_account: '12345' }, 'account_international_invalid'],
        [{ bank_account: 'GB82 WEST 1234 5698 7654 32 1234 5678 9012 3' }, 'account_international_invalid'],
        [{ wechat_nickname: undefined }, 'swift_invalid'],
      ];
      const withOverrides = (base: Record<string, unknown>, overrides: Record<string, unknown>) => {
        const body: Record<string, unknown> = { ...base, pay_password: payPassword, ...overrides };
        for (const key of Object.keys(overrides)) if (overrides[key] === undefined) delete body[key];
        return body;
      };
      for (const [overrides, code] of domesticCases) {
        expect(
          (await post('/user/cash_save', withOverrides(domesticCard, overrides))).body,
          JSON.stringify(overrides),
        ).toEqual(mine(code));
      }
      for (const [overrides, code] of internationalCases) {
        expect(
          (await post('/user/cash_save_international', withOverrides(internationalCard, overrides))).body,
          JSON.stringify(overrides),
        ).toEqual(mine(code));
      }
      // A 9-digit ABA number is also a valid international routing number; IBAN letters are not domestic.
      expect(
        (await post('/user/cash_save', withOverrides(domesticCard, { bank_account: 'GB82WEST1234' }))).body,
      ).toEqual(mine('account_domestic_invalid'));
      expect(await cardRows(user)).toEqual([]);
      const localised = await caller.post(
        '/user/cash_save',
        withOverrides(domesticCard, { swift_code: 'ABC' }),
        { token: user.token, lang: 'jp' },
      );
      expect(localised.body).toEqual({
        type: 'error',
        message: serverMessages.jp['payoutMethods.errors.swift_invalid'],
      });
    });
  });

  describe('reliability case 13: the payment password on every change', () => {
    it('refuses a missing or wrong one on each change and stores nothing', async () => {
      const user = await newUser();
      const saved = await okMessage<WalletAddress>(saveAddress(user, await addressBody(user)));
      const changes: [string, Record<string, unknown>][] = [
        ['/user/wallet/save', await addressBody(user, { pay_password: undefined })],
        ['/user/wallet/delete', { id: saved.id }],
        ['/user/cash_save', domesticCard],
        ['/user/cash_save_international', internationalCard],
      ];
      for (const [path, body] of changes) {
        expect((await caller.post(path, body, { token: user.token })).body, path).toEqual(
          mine('pay_password_required'),
        );
        expect(
          (await caller.post(path, { ...body, pay_password: 'wrong-one' }, { token: user.token })).body,
          path,
        ).toEqual(error('accounts.errors.pay_password_wrong'));
      }
      expect((await liveRows(user)).map((row) => row.id)).toEqual([saved.id]);
      expect(await cardRows(user)).toEqual([]);
      expect(await fileStatus(changes[0]?.[1].qrcode as string)).toBe(200);
    });

    it('locks after 5 wrong ones, even for the right one', async () => {
      const user = await newUser();
      const body = await addressBody(user);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const path = attempt % 2 === 0 ? '/user/wallet/save' : '/user/cash_save';
        const payload =
          attempt % 2 === 0
            ? { ...body, pay_password: `wrong${attempt}` }
            : { ...domesticCard, pay_password: 'nope' };
        expect((await caller.post(path, payload, { token: user.token })).body).toEqual(
          error('accounts.errors.pay_password_wrong'),
        );
      }
      for (const [path, payload] of [
        ['/user/wallet/save', body],
        ['/user/cash_save', { ...domesticCard, pay_password: payPassword }],
        ['/user/wallet/delete', { id: 1, pay_password: payPassword }],
      ] as const) {
        expect((await caller.post(path, payload, { token: user.token })).body, path).toEqual(
          error('accounts.errors.pay_password_locked'),
        );
      }
      expect(await liveRows(user)).toEqual([]);
      expect(await cardRows(user)).toEqual([]);
    });

    it('tells a user without a payment password to set one first', async () => {
      const user = await newUser({ payPassword: false });
      for (const [path, payload] of [
        ['/user/wallet/save', await addressBody(user)],
        ['/user/cash_save', { ...domesticCard, pay_password: payPassword }],
        ['/user/cash_save_international', { ...internationalCard, pay_password: payPassword }],
        ['/user/wallet/delete', { id: 1, pay_password: payPassword }],
      ] as const) {
        expect((await caller.post(path, payload, { token: user.token })).body, path).toEqual(
          error('accounts.errors.pay_password_not_set'),
        );
      }
      expect(await liveRows(user)).toEqual([]);
      expect(await cardRows(user)).toEqual([]);
    });
  });

  describe('reliability cases 16 and 17: other users’ objects and hostile paths', () => {
    it('never reaches another user’s addresses, cards or uploads', async () => {
      const owner = await newUser();
      const intruder = await newUser();
      const ownerAddress = await okMessage<WalletAddress>(saveAddress(owner, await addressBody(owner)));
      const ownerCard = await okMessage<BankCard>(
        caller.post(
          '/user/cash_save',
          { ...domesticCard, pay_password: payPassword },
          { token: owner.token },
        ),
      );
      let probes = 0;
      let leaks = 0;
      const probe = (leaked: boolean) => {
        probes += 1;
        if (leaked) leaks += 1;
      };

      const deleteReply = await caller.post(
        '/user/wallet/delete',
        { id: ownerAddress.id, pay_password: payPassword },
        { token: intruder.token },
      );
      probe(JSON.stringify(deleteReply.body) !== JSON.stringify(mine('address_not_found')));
      const missing = await caller.post(
        '/user/wallet/delete',
        { id: 2_000_000_000, pay_password: payPassword },
        { token: intruder.token },
      );
      probe(JSON.stringify(missing.body) !== JSON.stringify(deleteReply.body));
      probe((await liveRows(owner)).length !== 1);

      const intruderList = await list(intruder, '?limit=50');
      probe(intruderList.total !== 0 || intruderList.list.length !== 0);
      const ownerList = await list(owner);
      probe(ownerList.list.some((entry) => entry.id !== ownerAddress.id));

      // Someone else's QR upload: public or already private, it is refused.
      const ownersPublicUpload = await upload(owner);
      for (const qrcode of [ownersPublicUpload, ownerAddress.qrcode]) {
        const reply = await saveAddress(intruder, await addressBody(intruder, { qrcode }));
        probe(JSON.stringify(reply.body) !== JSON.stringify(mine('qrcode_invalid')));
      }
      probe((await fileStatus(ownersPublicUpload)) !== 200);
      probe((await fileStatus(ownerAddress.qrcode, intruder.token)) !== 404);

      const intruderCard = await caller.post('/user/cash_info', {}, { token: intruder.token });
      probe(intruderCard.body.message !== null);
      for (const destination of [
        { kind: 'address' as const, id: ownerAddress.id },
        { kind: 'bank_card' as const, id: ownerCard.id },
      ]) {
        probe((await findPayoutDestination(db(), { userId: intruder.userId, ...destination })) !== null);
        probe((await findPayoutDestination(db(), { userId: owner.userId, ...destination })) === null);
      }
      // A card id is not an address id and the other way round.
      probe(
        (await findPayoutDestination(db(), {
          userId: owner.userId,
          kind: 'address',
          id: ownerCard.id + 10_000,
        })) !== null,
      );
      // A forbidden field (another user's id) is refused, not honoured.
      const withUserId = await saveAddress(intruder, {
        ...(await addressBody(intruder)),
        user_id: owner.userId,
      });
      probe(withUserId.body.type !== 'error');
      probe((await liveRows(owner)).length !== 1 || (await liveRows(intruder)).length !== 0);

      reportFigures(testDatabase.name, [
        { label: 'access probes sent', tried: probes, bad: leaks, badLabel: 'leaks found' },
      ]);
    });

    it('refuses QR code paths that are not the caller’s uploads', async () => {
      const user = await newUser();
      const genuine = await upload(user);
      const hostile = [
        '/uploads/../../etc/passwd',
        `/uploads/../${genuine.slice('/uploads/'.length)}`,
        `${genuine}/../../../../etc/passwd.png`,
        '/etc/passwd',
        'https://evil.example/qr.png',
        'javascript:alert(1)',
        `${genuine.replace('.png', '.svg')}`,
        '/uploads/2026/01/00000000000000000000000000000000.png',
        `${genuine}?x=1`,
        `..${genuine}`,
        genuine.replace('/uploads/', '/uploads//'),
      ];
      for (const qrcode of hostile) {
        const reply = await saveAddress(user, await addressBody(user, { qrcode }));
        expect(reply.status).toBe(200);
        expect([mine('qrcode_required'), mine('qrcode_invalid')], qrcode).toContainEqual(reply.body);
      }
      expect(await liveRows(user)).toEqual([]);
      expect(await fileStatus(genuine)).toBe(200);
    });
  });

  describe('reliability case 18: malformed requests', () => {
    it('answers every malformed body with a localised error, stores nothing, never a 5xx', async () => {
      const user = await newUser();
      const address = await addressBody(user);
      const qrcode = String(address.qrcode);
      const huge = 'x'.repeat(200_000);
      const bodies: Record<string, Record<string, unknown>> = {
        '/user/wallet/save': address,
        '/user/wallet/delete': { id: 1, pay_password: payPassword },
        '/user/cash_save': { ...domesticCard, pay_password: payPassword },
        '/user/cash_save_international': { ...internationalCard, pay_password: payPassword },
        '/user/cash_info': {},
      };
      const variants = (valid: Record<string, unknown>): unknown[] => {
        const list: unknown[] = [
          { ...valid, extra: 'field' },
          { ...valid, user_id: 1 },
          [],
          [valid],
          'text',
          42,
          null,
          { ...valid, nested: { a: { b: { c: { d: { e: {} } } } } } },
        ];
        for (const key of Object.keys(valid)) {
          const { [key]: _dropped, ...missing } = valid;
          list.push(missing);
          list.push({ ...valid, [key]: huge });
          list.push({ ...valid, [key]: [String(valid[key])] });
          list.push({ ...valid, [key]: { value: valid[key] } });
          list.push({ ...valid, [key]: true });
          list.push({ ...valid, [key]: 12.5 });
          list.push({ ...valid, [key]: null });
        }
        return list;
      };
      let sent = 0;
      let serverErrors = 0;
      const expectRefused = (
        reply: { status: number; body: { type: unknown; message: unknown } },
        what: string,
      ) => {
        sent += 1;
        if (reply.status >= 500) serverErrors += 1;
        expect(reply.status, what).toBeLessThan(500);
        expect(reply.body.type, what).toBe('error');
        expect(typeof reply.body.message, what).toBe('string');
        expect(String(reply.body.message), what).not.toMatch(/zod|invalid_type|Expected|stack/i);
      };
      for (const [path, valid] of Object.entries(bodies)) {
        for (const payload of variants(valid)) {
          if (path === '/user/cash_info' && payload === null) continue; // no body at all: allowed
          const reply = await testApp.call({
            method: 'POST',
            url: `/api${path}`,
            headers: { authorization: user.token, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          expectRefused(reply, `${path} ${JSON.stringify(payload).slice(0, 120)}`);
        }
        for (const raw of [
          '{"__proto__":{"admin":true},"pay_password":"paypass1"}',
          '{"constructor":{"prototype":{"admin":true}}}',
          '{"id":1,',
          '\u0000',
        ]) {
          const reply = await testApp.call({
            method: 'POST',
            url: `/api${path}`,
            headers: { authorization: user.token, 'content-type': 'application/json' },
            payload: raw,
          });
          expectRefused(reply, `${path} ${raw}`);
        }
        const badUtf8 = await testApp.call({
          method: 'POST',
          url: `/api${path}`,
          headers: { authorization: user.token, 'content-type': 'application/x-www-form-urlencoded' },
          payload: Buffer.concat([
            Buffer.from('name='),
            Buffer.from([0xff, 0xfe, 0xc3]),
            Buffer.from('&extra=%E0%A4%A'),
          ]),
        });
        expectRefused(badUtf8, `${path} bad utf-8`);
      }
      for (const query of ['?page[]=1', '?limit=1e3', `?page=${'9'.repeat(30)}`, '?__proto__[x]=1']) {
        const reply = await testApp.call({
          method: 'GET',
          url: `/api/user/wallet/list${query}`,
          headers: { authorization: user.token },
        });
        expectRefused(reply, query);
      }
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
      expect(await liveRows(user)).toEqual([]);
      expect(await cardRows(user)).toEqual([]);
      expect(await fileStatus(qrcode)).toBe(200);
      reportFigures(testDatabase.name, [
        { label: 'malformed requests sent', tried: sent, bad: serverErrors, badLabel: '5xx replies' },
      ]);
    });
  });
});
