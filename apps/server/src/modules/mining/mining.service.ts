/**
 * Mining (lock, cloud, DeFi: one engine): staff set products and fund their reserves; a
 * subscription holds the principal on the user's spot account and reserves, on the product's
 * reserve `pool:mining:<id>`, every dividend it can earn (the ledger refuses the hold past the
 * reserve's balance: `reserve_full`); one item of scheduled work per order and day pays that day's
 * dividend from the reservation, exactly once, and the last one returns the principal. An early
 * redemption charges the penalty into the reserve and frees the unearned yield. Every figure comes
 * from packages/domain mining.domain.ts; nothing else decides a dividend or a penalty.
 */
import type { AdminMiningProductSave, MiningOrder, MiningProduct } from '@fairex/contract';
import {
  checkMiningSubscription,
  fromScaledBigint,
  invariant,
  type MiningCategory,
  type MiningTerms,
  miningCoverableAmount,
  miningDailyDividend,
  miningDividendDueMs,
  miningEarlyRedemption,
  miningRatePpm,
  miningRateText,
  miningReceipt,
  miningReserveObligation,
  parseAmount,
} from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { type AuditActor, recordAudit } from '../audit';
import type { Halts } from '../halts';
import {
  type Currency,
  type Ledger,
  LedgerRefused,
  listCurrencies,
  userAccountKinds,
  userFacingLedgerError,
} from '../ledger';
import type { DueWork, Scheduler, WorkOutcome } from '../schedule';
import { miningError } from './mining.errors';
import type { OrderRecord, ProductRecord, ProductTerms } from './mining.repository';
import * as repository from './mining.repository';

export const miningDividendKind = 'mining:dividend';

/** A product's reserve: a ledger pool in the product's currency. */
export const reserveAccount = (productId: number) => `pool:mining:${productId}` as const;

const dividendKey = (orderId: bigint, day: number) => `${orderId}:${day}`;
const pageSizeDefault = 10;
/** Holds on a reserve may take all of its balance: it pays nothing but its own orders. */
const reserveCapPpm = 1_000_000n;

export type MiningService = ReturnType<typeof createMiningService>;

function termsOf(order: OrderRecord): MiningTerms {
  return {
    amount: order.amount,
    dailyRatePpm: order.dailyRatePpm,
    days: order.days,
    penaltyRatePpm: order.penaltyRatePpm,
    subscribedAtMs: order.subscribedAt.getTime(),
    dividendMinute: order.dividendMinute,
  };
}

export function createMiningService(deps: {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly scheduler: Scheduler;
  readonly halts: Halts;
}) {
  const { db, clock, ledger, scheduler, halts } = deps;

  function inTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction((transaction) => work(transaction as unknown as Database));
  }

  async function currencyMap(): Promise<Map<number, Currency>> {
    return new Map((await listCurrencies(db)).map((currency) => [currency.id, currency]));
  }

  async function productViews(products: readonly ProductRecord[]): Promise<MiningProduct[]> {
    const [currencies, reserves] = await Promise.all([
      currencyMap(),
      repository.reserveBalances(
        db,
        products.map((product) => reserveAccount(product.id)),
      ),
    ]);
    return products.map((product) => {
      const scale = currencies.get(product.currencyId)?.scale ?? 0;
      const reserve = reserves.get(reserveAccount(product.id)) ?? { balance: 0n, held: 0n };
      const available = reserve.balance - reserve.held;
      const capacityLeft = product.capacity > product.subscribed ? product.capacity - product.subscribed : 0n;
      const covered = miningCoverableAmount(available, product.dailyRatePpm, product.days);
      let room = capacityLeft < product.maxAmount ? capacityLeft : product.maxAmount;
      if (covered !== null && covered < room) room = covered;
      const text = (units: bigint) => fromScaledBigint(units, scale);
      return {
        id: product.id,
        category: product.category,
        names: product.names,
        currency_id: product.currencyId,
        currency: currencies.get(product.currencyId)?.code ?? '',
        scale,
        daily_rate: miningRateText(product.dailyRatePpm),
        days: product.days,
        min_amount: text(product.minAmount),
        max_amount: text(product.maxAmount),
        capacity: text(product.capacity),
        subscribed: text(product.subscribed),
        dividend_minute: product.dividendMinute,
        penalty_rate: miningRateText(product.penaltyRatePpm),
        active: product.active,
        reserve: {
          account: reserveAccount(product.id),
          balance: text(reserve.balance),
          reserved: text(reserve.held),
          available: text(available),
        },
        room: text(room),
        full: !product.active || room < product.minAmount,
      };
    });
  }

  async function productView(id: number): Promise<MiningProduct> {
    const product = await repository.productById(db, id);
    if (!product) throw miningError('product_not_found');
    const [view] = await productViews([product]);
    invariant(view, 'one view per product');
    return view;
  }

  async function orderViews(orders: readonly OrderRecord[]): Promise<MiningOrder[]> {
    const [currencies, dividends, products] = await Promise.all([
      currencyMap(),
      repository.dividendsOf(
        db,
        orders.map((order) => order.id),
      ),
      repository.listProducts(db),
    ]);
    const productsById = new Map(products.map((product) => [product.id, product]));
    return orders.map((order) => {
      const scale = currencies.get(order.currencyId)?.scale ?? 0;
      const text = (units: bigint) => fromScaledBigint(units, scale);
      const receipt = miningReceipt(termsOf(order), { paidDays: order.paidDays, redeemedEarly: order.early });
      const product = productsById.get(order.productId);
      return {
        id: order.id.toString(),
        config_id: order.productId,
        category: product?.category ?? 'lock',
        names: product?.names ?? {},
        currency: currencies.get(order.currencyId)?.code ?? '',
        scale,
        amount: text(order.amount),
        daily_rate: miningRateText(order.dailyRatePpm),
        days: order.days,
        penalty_rate: miningRateText(order.penaltyRatePpm),
        dividend_minute: order.dividendMinute,
        subscribed_at: order.subscribedAt.getTime(),
        state: order.state,
        early: order.early,
        redeemed_at: order.redeemedAt?.getTime() ?? null,
        penalty: order.penalty === null ? null : text(order.penalty),
        returned: order.returned === null ? null : text(order.returned),
        daily_dividend: text(receipt.dailyDividend),
        total_yield: text(receipt.fullYield),
        maturity_at: receipt.maturityMs,
        dividends: (dividends.get(order.id.toString()) ?? []).map((dividend) => ({
          day: dividend.day,
          amount: text(dividend.amount),
          paid_at: dividend.paidAt.getTime(),
        })),
      };
    });
  }

  async function orderView(id: bigint): Promise<MiningOrder> {
    const order = await repository.orderById(db, id);
    invariant(order, 'the order exists');
    const [view] = await orderViews([order]);
    invariant(view, 'one view per order');
    return view;
  }

  /** Day `n` of one order: its dividend, and on the last day the principal, exactly once. */
  async function payDividend(tx: Database, work: DueWork, now: Date): Promise<WorkOutcome> {
    const [orderText, dayText] = work.key.split(':');
    const day = Number(dayText);
    const order = await repository.orderById(tx, BigInt(orderText ?? '0'), 'update');
    // Redeemed early: the rest of its reservation was released then; nothing is owed.
    if (order?.state !== 'in_progress' || day <= order.paidDays) return { done: true };
    if (day > order.paidDays + 1) {
      return { retryAt: new Date(now.getTime() + 1_000), reason: 'an earlier day is not paid yet' };
    }
    const terms = termsOf(order);
    const dueMs = miningDividendDueMs(terms, day);
    if (now.getTime() < dueMs) return { retryAt: new Date(dueMs), reason: 'not yet due' };
    invariant(order.reserveHoldId !== null, 'an open order has its reservation');
    const daily = miningDailyDividend(terms);
    const last = day === order.days;
    const userAccount = { userId: order.userId, currencyId: order.currencyId, kind: userAccountKinds.change };
    const result = await ledger.apply(
      tx,
      [
        {
          type: 'post_hold',
          holdId: order.reserveHoldId,
          amount: daily,
          close: last,
          entry: {
            kind: 'mining_dividend',
            userId: order.userId,
            reference: `mining:order:${order.id}:day:${day}`,
            memo: { order_id: order.id.toString(), product_id: order.productId, day },
            legs: [
              {
                account: { system: reserveAccount(order.productId), currencyId: order.currencyId },
                amount: -daily,
              },
              { account: userAccount, amount: daily },
            ],
          },
        },
        ...(last ? [{ type: 'release' as const, holdId: order.principalHoldId }] : []),
      ],
      now,
    );
    const entryId = result.entryIds[0];
    invariant(entryId, 'the dividend was booked');
    await repository.recordDividend(tx, {
      orderId: order.id,
      day,
      amount: daily,
      paidAt: now,
      entryId,
      last,
    });
    if (last) await repository.addSubscribed(tx, order.productId, -order.amount);
    return { done: true };
  }

  scheduler.handle(miningDividendKind, payDividend);

  function productTerms(body: AdminMiningProductSave, currency: Currency): ProductTerms {
    const units = (text: string) => {
      const parsed = parseAmount(text, currency.scale);
      if (!parsed.ok) throw miningError('terms_invalid');
      return parsed.units;
    };
    const dailyRatePpm = miningRatePpm(body.daily_rate);
    const penaltyRatePpm = miningRatePpm(body.penalty_rate);
    const minAmount = units(body.min_amount);
    const maxAmount = units(body.max_amount);
    const capacity = units(body.capacity);
    const names = Object.fromEntries(
      Object.entries(body.names).map(([locale, name]) => [locale, name.trim()]),
    );
    if (
      dailyRatePpm === null ||
      dailyRatePpm <= 0n ||
      penaltyRatePpm === null ||
      maxAmount < minAmount ||
      !names.en ||
      miningDailyDividend({ amount: minAmount, dailyRatePpm }) === 0n
    ) {
      throw miningError('terms_invalid');
    }
    return {
      category: body.category,
      names,
      currencyId: currency.id,
      dailyRatePpm,
      days: Number(body.days),
      minAmount,
      maxAmount,
      capacity,
      dividendMinute: Number(body.dividend_minute),
      penaltyRatePpm,
      active: body.active,
    };
  }

  return {
    async config(category: MiningCategory | undefined) {
      return {
        list: await productViews(await repository.listProducts(db, category)),
        now: clock.now().getTime(),
      };
    },

    async orders(params: { userId: number; page?: number | undefined; limit?: number | undefined }) {
      const page = params.page ?? 1;
      const limit = params.limit ?? pageSizeDefault;
      const { list, total } = await repository.ordersOfUser(db, {
        userId: params.userId,
        offset: (page - 1) * limit,
        limit,
      });
      return { list: await orderViews(list), page, limit, total };
    },

    async subscribe(params: { userId: number; productId: number; amount: string }): Promise<MiningOrder> {
      halts.assertOpen(`mining:${params.productId}`);
      const currencies = await currencyMap();
      let id: bigint;
      try {
        id = await inTransaction(async (tx) => {
          // Subscriptions to one product take turns: capacity is checked and taken under this lock.
          const product = await repository.productById(tx, params.productId, 'update');
          if (!product) throw miningError('product_not_found');
          if (!product.active) throw miningError('product_closed');
          const currency = currencies.get(product.currencyId);
          invariant(currency, 'a product is in a known currency');
          const parsed = parseAmount(params.amount, currency.scale);
          if (!parsed.ok) throw miningError('amount_invalid');
          const refusal = checkMiningSubscription(product, parsed.units);
          if (refusal) throw miningError(refusal);
          const now = clock.now();
          const terms: MiningTerms = {
            amount: parsed.units,
            dailyRatePpm: product.dailyRatePpm,
            days: product.days,
            penaltyRatePpm: product.penaltyRatePpm,
            subscribedAtMs: now.getTime(),
            dividendMinute: product.dividendMinute,
          };
          const obligation = miningReserveObligation(terms);
          if (obligation === 0n) throw miningError('below_minimum');
          const orderId = await repository.nextOrderId(tx);
          const { holdIds } = await ledger.apply(
            tx,
            [
              {
                type: 'hold',
                account: {
                  userId: params.userId,
                  currencyId: product.currencyId,
                  kind: userAccountKinds.change,
                },
                amount: parsed.units,
                reason: 'mining_principal',
                reference: `mining:order:${orderId}`,
              },
              {
                type: 'hold',
                account: { system: reserveAccount(product.id), currencyId: product.currencyId },
                amount: obligation,
                capPpm: reserveCapPpm,
                reason: 'mining_yield',
                reference: `mining:order:${orderId}:yield`,
              },
            ],
            now,
          );
          const [principalHoldId, reserveHoldId] = holdIds;
          invariant(principalHoldId && reserveHoldId, 'both holds were made');
          await repository.insertOrder(tx, {
            id: orderId,
            productId: product.id,
            userId: params.userId,
            currencyId: product.currencyId,
            amount: parsed.units,
            dailyRatePpm: product.dailyRatePpm,
            days: product.days,
            penaltyRatePpm: product.penaltyRatePpm,
            dividendMinute: product.dividendMinute,
            subscribedAt: now,
            principalHoldId,
            reserveHoldId,
          });
          await repository.addSubscribed(tx, product.id, parsed.units);
          for (let day = 1; day <= product.days; day += 1) {
            await scheduler.schedule(tx, {
              kind: miningDividendKind,
              key: dividendKey(orderId, day),
              dueAt: new Date(miningDividendDueMs(terms, day)),
            });
          }
          return orderId;
        });
      } catch (error) {
        if (error instanceof LedgerRefused && error.reason === 'pool_exhausted')
          throw miningError('reserve_full');
        throw userFacingLedgerError(error);
      }
      return orderView(id);
    },

    /** Early redemption: the penalty (domain rule) goes to the reserve, the unearned yield is freed. */
    async redeem(params: { userId: number; orderId: bigint }): Promise<MiningOrder> {
      await inTransaction(async (tx) => {
        const order = await repository.orderById(tx, params.orderId, 'update');
        if (!order || order.userId !== params.userId) throw miningError('order_not_found');
        if (order.state !== 'in_progress') throw miningError('order_not_active');
        invariant(order.reserveHoldId !== null, 'an open order has its reservation');
        const redemption = miningEarlyRedemption(termsOf(order), order.paidDays);
        const now = clock.now();
        const userAccount = {
          userId: order.userId,
          currencyId: order.currencyId,
          kind: userAccountKinds.change,
        };
        await ledger.apply(
          tx,
          [
            redemption.penalty > 0n
              ? {
                  type: 'post_hold',
                  holdId: order.principalHoldId,
                  amount: redemption.penalty,
                  close: true,
                  entry: {
                    kind: 'mining_penalty',
                    userId: order.userId,
                    reference: `mining:order:${order.id}:penalty`,
                    memo: { order_id: order.id.toString(), remaining_days: redemption.remainingDays },
                    legs: [
                      { account: userAccount, amount: -redemption.penalty },
                      {
                        account: { system: reserveAccount(order.productId), currencyId: order.currencyId },
                        amount: redemption.penalty,
                      },
                    ],
                  },
                }
              : { type: 'release', holdId: order.principalHoldId },
            { type: 'release', holdId: order.reserveHoldId },
          ],
          now,
        );
        await repository.markRedeemedEarly(tx, {
          id: order.id,
          at: now,
          penalty: redemption.penalty,
          returned: redemption.returned,
        });
        await repository.addSubscribed(tx, order.productId, -order.amount);
        for (let day = order.paidDays + 1; day <= order.days; day += 1) {
          await scheduler.cancel(tx, miningDividendKind, dividendKey(order.id, day));
        }
      }).catch((error: unknown) => {
        throw userFacingLedgerError(error);
      });
      return orderView(params.orderId);
    },

    async adminProducts(): Promise<{ list: MiningProduct[] }> {
      return { list: await productViews(await repository.listProducts(db)) };
    },

    async saveProduct(actor: AuditActor, body: AdminMiningProductSave): Promise<MiningProduct> {
      const currencies = await currencyMap();
      const id = await inTransaction(async (tx) => {
        const now = clock.now();
        const before = body.id === undefined ? null : await repository.productById(tx, body.id, 'update');
        if (body.id !== undefined && !before) throw miningError('product_not_found');
        const currency = currencies.get(before ? before.currencyId : body.currency_id);
        if (!currency) throw miningError('terms_invalid');
        const terms = productTerms(body, currency);
        const productId = before ? before.id : await repository.insertProduct(tx, terms, now);
        if (before) await repository.updateProduct(tx, before.id, terms, now);
        const after = await repository.productById(tx, productId);
        await recordAudit(tx, {
          actor,
          action: 'mining.product_save',
          target: { type: 'mining_product', id: productId },
          before: before && auditView(before),
          after: after && auditView(after),
          at: now,
        });
        return productId;
      });
      return productView(id);
    },

    /** Moves `amount` from `house` into the product's reserve by a recorded entry. Audited. */
    async fundReserve(
      actor: AuditActor,
      params: { productId: number; amount: string },
      options: { readonly audited: boolean } = { audited: true },
    ): Promise<MiningProduct> {
      const currencies = await currencyMap();
      await inTransaction(async (tx) => {
        const product = await repository.productById(tx, params.productId);
        if (!product) throw miningError('product_not_found');
        const currency = currencies.get(product.currencyId);
        invariant(currency, 'a product is in a known currency');
        const parsed = parseAmount(params.amount, currency.scale);
        if (!parsed.ok) throw miningError('amount_invalid');
        const now = clock.now();
        const [entryId] = (
          await ledger.apply(
            tx,
            [
              {
                type: 'transfer',
                entry: {
                  kind: 'mining_reserve_fund',
                  userId: null,
                  memo: { product_id: product.id, staff_id: actor.staffId },
                  legs: [
                    { account: { system: 'house', currencyId: product.currencyId }, amount: -parsed.units },
                    {
                      account: { system: reserveAccount(product.id), currencyId: product.currencyId },
                      amount: parsed.units,
                    },
                  ],
                },
              },
            ],
            now,
          )
        ).entryIds;
        if (!options.audited) return;
        await recordAudit(tx, {
          actor,
          action: 'mining.reserve_fund',
          target: { type: 'mining_product', id: product.id },
          before: null,
          after: { account: reserveAccount(product.id), amount: params.amount, entry_id: String(entryId) },
          at: now,
        });
      });
      return productView(params.productId);
    },

    /** Demo installations start with one product per category and a funded reserve (not audited). */
    async seedDemo(): Promise<void> {
      if ((await repository.listProducts(db)).length > 0) return;
      const usdt = (await listCurrencies(db)).find((currency) => currency.code === 'USDT');
      if (!usdt) return;
      const system = { staffId: 0, roles: [], requestId: 'demo-seed' };
      const seeds: { category: MiningCategory; names: Record<string, string>; rate: string; days: number }[] =
        [
          {
            category: 'lock',
            names: { en: 'USDT lock 5 days', zh: 'USDT 锁仓 5 天' },
            rate: '0.004',
            days: 5,
          },
          {
            category: 'cloud',
            names: { en: 'Cloud miner 30 days', zh: '云矿机 30 天' },
            rate: '0.003',
            days: 30,
          },
          {
            category: 'defi',
            names: { en: 'DeFi pool 7 days', zh: 'DeFi 矿池 7 天' },
            rate: '0.0035',
            days: 7,
          },
        ];
      for (const seed of seeds) {
        const product = await this.saveProductUnaudited({
          category: seed.category,
          names: seed.names,
          currency_id: usdt.id,
          daily_rate: seed.rate,
          days: seed.days,
          min_amount: '100',
          max_amount: '50000',
          capacity: '1000000',
          dividend_minute: 0,
          penalty_rate: '0.004',
          active: true,
        });
        await this.fundReserve(system, { productId: product, amount: '100000' }, { audited: false });
      }
    },

    async saveProductUnaudited(body: AdminMiningProductSave): Promise<number> {
      const currency = (await currencyMap()).get(body.currency_id);
      if (!currency) throw miningError('terms_invalid');
      return repository.insertProduct(db, productTerms(body, currency), clock.now());
    },
  };
}

function auditView(product: ProductRecord): object {
  return {
    category: product.category,
    names: product.names,
    currency_id: product.currencyId,
    daily_rate: miningRateText(product.dailyRatePpm),
    days: product.days,
    min_amount: product.minAmount.toString(),
    max_amount: product.maxAmount.toString(),
    capacity: product.capacity.toString(),
    dividend_minute: product.dividendMinute,
    penalty_rate: miningRateText(product.penaltyRatePpm),
    active: product.active,
  };
}
