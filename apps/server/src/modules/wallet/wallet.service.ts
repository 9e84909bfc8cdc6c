/**
 * The wallet's reads and the transfer between a user's own accounts. Balances come from the
 * ledger module only (the wallet has no tables); equivalents use the market's reference price and
 * cite its tick.
 */
import {
  type AccountKindName,
  type BillEntryKind,
  type BillLine as BillLineWire,
  billExportLinesMax,
  type CoinEntry,
  type TransferHistory,
  type UsdtPrice,
  type UserCurrency,
  type WalletAccount,
  type WalletChangeReply,
  type WalletDetail,
  type WalletInfo,
  type WalletKindSummary,
  type WalletList,
  walletPageSize,
} from '@fairex/contract';
import { fromScaledBigint, invariant } from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import {
  accountKindName,
  type BillLine,
  billLines,
  type Currency,
  type Ledger,
  listCurrencies,
  type UserAccountBalance,
  userAccountBalances,
  userAccountKinds,
  userFacingLedgerError,
} from '../ledger';
import { usdtReferenceSymbol } from '../market';
import {
  addExact,
  billCsv,
  billNoteOf,
  coinEntriesOf,
  type Exact,
  exactZero,
  pageOffset,
  roundedEquivalent,
  transferAmount,
  transferRecords,
  transferTargetOpen,
  usdtValue,
} from './wallet.domain';
import { walletError } from './wallet.errors';

/** What the wallet needs of the market: a currency's reference price and the tick it cites. */
export type PriceSource = {
  referencePrice(symbol: string): { price: string; tickId: string; time: number } | null;
};

export type WalletServiceDeps = {
  readonly ledger: Ledger;
  readonly db: Database;
  readonly clock: Clock;
  readonly prices: PriceSource;
  /** The account kinds a registered module is the product of (the manifests' accountKinds). */
  readonly servedAccountKinds: ReadonlySet<AccountKindName>;
};

export type BillFilterInput = {
  readonly currency?: number;
  readonly type?: AccountKindName;
  readonly kind?: BillEntryKind;
};

/** Two postings per transfer on the user's own accounts: the debited one and the credited one. */
const transferPostings = 2;

const kindIdOf = (name: AccountKindName): number => userAccountKinds[name];
const kindNameOf = (kind: number): string => accountKindName(kind) ?? `kind_${kind}`;

export type WalletService = ReturnType<typeof createWalletService>;

export function createWalletService(deps: WalletServiceDeps) {
  const { db, clock, prices } = deps;

  async function currencies(): Promise<Currency[]> {
    return listCurrencies(db);
  }

  async function currencyById(id: number): Promise<Currency> {
    const currency = (await currencies()).find((item) => item.id === id);
    if (!currency) throw walletError('currency_unknown');
    return currency;
  }

  function priceOf(currency: Currency): UsdtPrice | null {
    const symbol = usdtReferenceSymbol(currency.code);
    if (symbol === null) {
      return { currency_id: currency.id, currency: currency.code, price: '1', tick_id: null, time: null };
    }
    const reference = prices.referencePrice(symbol);
    return reference
      ? {
          currency_id: currency.id,
          currency: currency.code,
          price: reference.price,
          tick_id: reference.tickId,
          time: reference.time,
        }
      : null;
  }

  function balanceIndex(balances: readonly UserAccountBalance[]) {
    const index = new Map<string, UserAccountBalance>();
    for (const balance of balances) index.set(`${balance.currencyId}:${balance.kind}`, balance);
    return (currencyId: number, kind: number) => index.get(`${currencyId}:${kind}`);
  }

  /** One account as the screens show it, and its exact equivalent (null without a price). */
  function accountOf(
    currency: Currency,
    kind: AccountKindName,
    balance: UserAccountBalance | undefined,
    price: UsdtPrice | null,
  ): { wire: WalletAccount; exact: Exact | null; units: bigint } {
    const total = balance?.balance ?? 0n;
    const held = balance?.held ?? 0n;
    const exact = price ? usdtValue(total, currency.scale, price.price) : null;
    return {
      wire: {
        currency_id: currency.id,
        currency: currency.code,
        full_name: currency.name,
        image: currency.image,
        scale: currency.scale,
        type: kind,
        type_id: kindIdOf(kind),
        balance: fromScaledBigint(total, currency.scale),
        available: fromScaledBigint(total - held, currency.scale),
        frozen: fromScaledBigint(held, currency.scale),
        usdt_value: exact ? roundedEquivalent(exact) : null,
      },
      exact,
      units: total,
    };
  }

  async function currencyList(): Promise<CoinEntry[]> {
    return coinEntriesOf(await currencies()).map(({ currency, chain, subName }) => ({
      id: currency.id,
      name: currency.code,
      full_name: currency.name,
      subName,
      chain,
      status: currency.status,
      image: currency.image,
      scale: currency.scale,
      withdraw_min: fromScaledBigint(currency.withdrawMin, currency.scale),
      withdraw_fee: fromScaledBigint(currency.withdrawFee, currency.scale),
    }));
  }

  async function userCurrencyList(userId: number): Promise<UserCurrency[]> {
    const [list, balances] = await Promise.all([currencies(), userAccountBalances(db, userId)]);
    const find = balanceIndex(balances);
    const available = (currency: Currency, kind: AccountKindName) => {
      const balance = find(currency.id, kindIdOf(kind));
      return fromScaledBigint(balance ? balance.balance - balance.held : 0n, currency.scale);
    };
    return list.map((currency) => ({
      id: currency.id,
      name: currency.code,
      full_name: currency.name,
      image: currency.image,
      scale: currency.scale,
      legal: available(currency, 'legal'),
      change: available(currency, 'change'),
      lever: available(currency, 'lever'),
      micro: available(currency, 'micro'),
    }));
  }

  async function walletList(userId: number): Promise<WalletList> {
    const [list, balances] = await Promise.all([currencies(), userAccountBalances(db, userId)]);
    const find = balanceIndex(balances);
    const priceList = list.map((currency) => ({ currency, price: priceOf(currency) }));
    let complete = true;
    let overall = exactZero;
    const summary = (kind: AccountKindName): WalletKindSummary => {
      let total = exactZero;
      const rows = priceList.map(({ currency, price }) => {
        const account = accountOf(currency, kind, find(currency.id, kindIdOf(kind)), price);
        if (account.exact) total = addExact(total, account.exact);
        else if (account.units !== 0n) complete = false;
        return account.wire;
      });
      overall = addExact(overall, total);
      return { type_id: kindIdOf(kind), total_usdt: roundedEquivalent(total), list: rows };
    };
    const legal = summary('legal');
    const change = summary('change');
    const lever = summary('lever');
    const micro = summary('micro');
    return {
      legal,
      change,
      lever,
      micro,
      total_usdt: roundedEquivalent(overall),
      complete,
      prices: priceList.flatMap(({ price }) => (price ? [price] : [])),
    };
  }

  async function detail(userId: number, currencyId: number, kind: AccountKindName): Promise<WalletDetail> {
    const currency = await currencyById(currencyId);
    const find = balanceIndex(await userAccountBalances(db, userId));
    const price = priceOf(currency);
    return { ...accountOf(currency, kind, find(currency.id, kindIdOf(kind)), price).wire, price };
  }

  async function info(userId: number, currencyId: number): Promise<WalletInfo> {
    const currency = await currencyById(currencyId);
    const find = balanceIndex(await userAccountBalances(db, userId));
    const price = priceOf(currency);
    return {
      currency: {
        id: currency.id,
        name: currency.code,
        full_name: currency.name,
        chains: [...currency.chains],
        status: currency.status,
        image: currency.image,
        scale: currency.scale,
        withdraw_min: fromScaledBigint(currency.withdrawMin, currency.scale),
        withdraw_fee: fromScaledBigint(currency.withdrawFee, currency.scale),
      },
      accounts: (['legal', 'change', 'lever', 'micro'] as const).map(
        (kind) => accountOf(currency, kind, find(currency.id, kindIdOf(kind)), price).wire,
      ),
      price,
    };
  }

  async function rate(currencyId: number): Promise<UsdtPrice | null> {
    return priceOf(await currencyById(currencyId));
  }

  /**
   * Moves `number` of a currency between two of the user's own accounts as one balanced ledger
   * entry (kind 'transfer'). Refusals leave everything unchanged.
   */
  async function transfer(params: {
    userId: number;
    currencyId: number;
    number: string;
    from: AccountKindName;
    to: AccountKindName;
    idempotencyKey: string | undefined;
  }): Promise<WalletChangeReply> {
    const { userId, from, to } = params;
    const currency = await currencyById(params.currencyId);
    if (from === to) throw walletError('same_account');
    if (!transferTargetOpen(to, deps.servedAccountKinds)) throw walletError('account_unavailable');
    const amount = transferAmount(params.number, currency.scale);
    if (!amount.ok) throw walletError(amount.code);
    const units = amount.units;
    invariant(units > 0n, 'a transfer moves a positive amount');
    const fromRef = { userId, currencyId: currency.id, kind: userAccountKinds[from] };
    const toRef = { userId, currencyId: currency.id, kind: userAccountKinds[to] };
    const now = clock.now();
    try {
      return await db.transaction(async (tx) => {
        const txDb = tx as unknown as Database;
        const result = await deps.ledger.apply(
          txDb,
          [
            {
              type: 'transfer',
              entry: {
                kind: 'transfer',
                userId,
                ...(params.idempotencyKey === undefined ? {} : { idempotencyKey: params.idempotencyKey }),
                memo: { from, to },
                legs: [
                  { account: fromRef, amount: -units },
                  { account: toRef, amount: units },
                ],
              },
            },
          ],
          now,
        );
        const entryId = result.entryIds[0];
        invariant(entryId !== null && entryId !== undefined, 'a transfer books one entry');
        const find = balanceIndex(await userAccountBalances(txDb, userId));
        const availableOf = (kind: number) => {
          const balance = find(currency.id, kind);
          return fromScaledBigint(balance ? balance.balance - balance.held : 0n, currency.scale);
        };
        return {
          entry_id: String(entryId),
          currency_id: currency.id,
          currency: currency.code,
          number: fromScaledBigint(units, currency.scale),
          from_field: from,
          to_field: to,
          from_available: availableOf(fromRef.kind),
          to_available: availableOf(toRef.kind),
          time: now.getTime(),
        };
      });
    } catch (error) {
      throw userFacingLedgerError(error);
    }
  }

  async function transferHistory(userId: number, page: number): Promise<TransferHistory> {
    const [list, lines] = await Promise.all([
      currencies(),
      billLines(db, {
        userId,
        entryKinds: ['transfer'],
        // One transfer more than a page tells whether another page follows.
        limit: (walletPageSize + 1) * transferPostings,
        offset: pageOffset(page, walletPageSize) * transferPostings,
      }),
    ]);
    const byId = new Map(list.map((currency) => [currency.id, currency]));
    const records = transferRecords(lines, kindNameOf);
    return {
      list: records.slice(0, walletPageSize).map((record) => {
        const currency = byId.get(record.currencyId);
        invariant(currency, `currency ${record.currencyId} of a transfer exists`);
        return {
          entry_id: String(record.entryId),
          currency_id: currency.id,
          currency: currency.code,
          number: fromScaledBigint(record.amount, currency.scale),
          from_field: record.from,
          to_field: record.to,
          time: record.time,
        };
      }),
      page,
      page_size: walletPageSize,
      has_more: records.length > walletPageSize,
    };
  }

  async function billFilterOf(userId: number, filter: BillFilterInput) {
    if (filter.currency !== undefined) await currencyById(filter.currency);
    return {
      userId,
      ...(filter.currency === undefined ? {} : { currencyId: filter.currency }),
      ...(filter.type === undefined ? {} : { accountKind: kindIdOf(filter.type) }),
      ...(filter.kind === undefined ? {} : { entryKinds: [filter.kind] }),
    };
  }

  function billLineOf(line: BillLine, byId: ReadonlyMap<number, Currency>): BillLineWire {
    const currency = byId.get(line.currencyId);
    invariant(currency, `currency ${line.currencyId} of a posting exists`);
    return {
      id: String(line.postingId),
      entry_id: String(line.entryId),
      kind: line.entryKind,
      currency_id: currency.id,
      currency: currency.code,
      type: kindNameOf(line.accountKind),
      amount: fromScaledBigint(line.amount, currency.scale),
      balance_after: fromScaledBigint(line.balanceAfter, currency.scale),
      time: line.createdAt.getTime(),
      reference: line.reference,
      tick_id: line.tickId === null ? null : String(line.tickId),
      note: billNoteOf(line.entryKind, line.memo),
    };
  }

  /** The user's bill: their own postings, newest first, 10 a page. */
  async function bill(userId: number, filter: BillFilterInput, page: number) {
    const query = await billFilterOf(userId, filter);
    const [list, lines] = await Promise.all([
      currencies(),
      billLines(db, { ...query, limit: walletPageSize + 1, offset: pageOffset(page, walletPageSize) }),
    ]);
    const byId = new Map(list.map((currency) => [currency.id, currency]));
    return {
      list: lines.slice(0, walletPageSize).map((line) => billLineOf(line, byId)),
      page,
      page_size: walletPageSize,
      has_more: lines.length > walletPageSize,
    };
  }

  /** The whole filtered bill (newest first, at most billExportLinesMax lines) as CSV. */
  async function billExport(userId: number, filter: BillFilterInput): Promise<string> {
    const query = await billFilterOf(userId, filter);
    const [list, lines] = await Promise.all([
      currencies(),
      billLines(db, { ...query, limit: billExportLinesMax }),
    ]);
    const byId = new Map(list.map((currency) => [currency.id, currency]));
    return billCsv(
      lines.map((line) => {
        const currency = byId.get(line.currencyId);
        invariant(currency, `currency ${line.currencyId} of a posting exists`);
        return {
          time: line.createdAt,
          entryId: line.entryId,
          postingId: line.postingId,
          kind: line.entryKind,
          currency: currency.code,
          account: kindNameOf(line.accountKind),
          amount: line.amount,
          balanceAfter: line.balanceAfter,
          scale: currency.scale,
          reference: line.reference,
          tickId: line.tickId,
          note: billNoteOf(line.entryKind, line.memo),
        };
      }),
    );
  }

  return {
    currencyList,
    userCurrencyList,
    walletList,
    detail,
    info,
    rate,
    transfer,
    transferHistory,
    bill,
    billExport,
  };
}
