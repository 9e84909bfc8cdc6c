/**
 * Dual investment: staff set products and fund their reserves; an order holds its principal on the
 * user's spot account and reserves, on the product's reserve `pool:dual:<id>`, what either outcome
 * could cost the reserve in each currency of the pair (dualReserveObligation; the ledger refuses a
 * hold past the reserve's balance: `reserve_full`, the product shows full). One item of scheduled
 * work per order settles it exactly once at the settlement time, on the first recorded tick at or
 * after it (within `tickToleranceMs`; its id is stored on the order), with the pure settleDual of
 * packages/domain dual.domain.ts: the principal goes into the reserve and the payout comes out of
 * the reserve hold of its currency. With no tick within the tolerance (the feed or the server was
 * down that long) the order fails: its principal and reservations are released, nothing is paid.
 */
import type { AdminDualProductSave, DualOrder, DualProduct } from '@fairex/contract';
import {
  type DualTerms,
  dualAmount,
  dualOutcomes,
  dualReceipt,
  dualReserveObligation,
  fromScaledBigint,
  fromScaledBigintTrimmed,
  invariant,
  miningRatePpm,
  miningRateText,
  parseAmount,
} from '@fairex/domain';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { type AuditActor, recordAudit } from '../audit';
import type { Halts } from '../halts';
import {
  type Currency,
  type Ledger,
  type LedgerOp,
  LedgerRefused,
  listCurrencies,
  userAccountKinds,
  userFacingLedgerError,
} from '../ledger';
import type { MarketService } from '../market';
import type { DueWork, Scheduler, WorkOutcome } from '../schedule';
import { dualError } from './dual.errors';
import type { OrderRecord, ProductRecord, ProductTerms } from './dual.repository';
import * as repository from './dual.repository';

export const dualSettleKind = 'dual:settle';

/** A product's reserve: one ledger pool per product, an account in each currency of its pair. */
export const reserveAccount = (productId: number) => `pool:dual:${productId}` as const;

/** The settling tick is the first recorded at or after the settlement time, at most this late. */
export const dualTickToleranceMs = 60 * 60 * 1000;
/** While that tick may still come, look again this soon. */
const settleRetryMs = 1_000;
const pageSizeDefault = 10;
/** Holds on a reserve may take all of its balance: it pays nothing but its own orders. */
const reserveCapPpm = 1_000_000n;

export type DualService = ReturnType<typeof createDualService>;

function termsOf(
  source: Pick<OrderRecord, 'direction' | 'amount' | 'linkedPrice' | 'annualRatePpm' | 'days'>,
  baseScale: number,
): DualTerms {
  return {
    direction: source.direction,
    amount: source.amount,
    linkedPrice: source.linkedPrice,
    annualRatePpm: source.annualRatePpm,
    days: source.days,
    baseScale,
  };
}

export function createDualService(deps: {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly market: MarketService;
  readonly scheduler: Scheduler;
  readonly halts: Halts;
}) {
  const { db, clock, ledger, market, scheduler, halts } = deps;

  function inTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction((transaction) => work(transaction as unknown as Database));
  }

  async function currencyMap(source: Database = db): Promise<Map<number, Currency>> {
    return new Map((await listCurrencies(source)).map((currency) => [currency.id, currency]));
  }

  function currencyOf(currencies: Map<number, Currency>, id: number): Currency {
    const currency = currencies.get(id);
    invariant(currency, `currency ${id} is known`);
    return currency;
  }

  /** The most shares (up to `limit`) whose reservation fits what the reserve has available. */
  function coverableShares(
    product: ProductRecord,
    baseScale: number,
    available: { base: bigint; quote: bigint },
    limit: number,
  ): number {
    const fits = (shares: number) => {
      const need = dualReserveObligation(
        termsOf({ ...product, amount: product.unitPrice * BigInt(shares) }, baseScale),
      );
      return need.base <= available.base && need.quote <= available.quote;
    };
    let low = 0;
    let high = limit;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (fits(middle)) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  async function productViews(products: readonly ProductRecord[]): Promise<DualProduct[]> {
    const currencies = await currencyMap();
    const now = clock.now().getTime();
    return Promise.all(
      products.map(async (product) => {
        const base = currencyOf(currencies, product.baseCurrencyId);
        const quote = currencyOf(currencies, product.quoteCurrencyId);
        const invest = product.direction === 'call' ? base : quote;
        const reserves = await repository.reserveBalances(db, reserveAccount(product.id));
        const side = (currency: Currency) => {
          const reserve = reserves.get(currency.id) ?? { balance: 0n, held: 0n };
          const available = reserve.balance - reserve.held;
          return {
            view: {
              currency: currency.code,
              balance: fromScaledBigint(reserve.balance, currency.scale),
              reserved: fromScaledBigint(reserve.held, currency.scale),
              available: fromScaledBigint(available, currency.scale),
            },
            available: available > 0n ? available : 0n,
          };
        };
        const baseSide = side(base);
        const quoteSide = side(quote);
        const remaining = Math.max(0, product.totalShares - product.soldShares);
        const ended = !product.active || now >= product.settleAt.getTime();
        const room = ended
          ? 0
          : coverableShares(
              product,
              base.scale,
              { base: baseSide.available, quote: quoteSide.available },
              Math.min(remaining, product.maxShares),
            );
        return {
          id: product.id,
          names: product.names,
          pair: product.pair,
          instrument_id: product.instrumentId,
          currency_id: base.id,
          currency: base.code,
          quote_currency_id: quote.id,
          quote_currency: quote.code,
          base_scale: base.scale,
          quote_scale: quote.scale,
          type: product.direction,
          invest_currency: invest.code,
          invest_scale: invest.scale,
          linked_price: fromScaledBigintTrimmed(product.linkedPrice, quote.scale),
          annual_rate: miningRateText(product.annualRatePpm),
          days: product.days,
          settle_at: product.settleAt.getTime(),
          unit_price: fromScaledBigintTrimmed(product.unitPrice, invest.scale),
          min_shares: product.minShares,
          max_shares: product.maxShares,
          total_shares: product.totalShares,
          sold_shares: product.soldShares,
          remaining_shares: remaining,
          progress:
            product.totalShares === 0
              ? 100
              : Math.min(100, Math.floor((product.soldShares * 100) / product.totalShares)),
          active: product.active,
          ended,
          reserve: { account: reserveAccount(product.id), base: baseSide.view, quote: quoteSide.view },
          room_shares: room,
          full: ended || room < product.minShares,
        };
      }),
    );
  }

  async function productView(id: number): Promise<DualProduct> {
    const product = await repository.productById(db, id);
    if (!product) throw dualError('product_not_found');
    const [view] = await productViews([product]);
    invariant(view, 'one view per product');
    return view;
  }

  async function orderViews(orders: readonly OrderRecord[]): Promise<(DualOrder & { user_id: number })[]> {
    const currencies = await currencyMap();
    const products = new Map((await repository.listProducts(db)).map((product) => [product.id, product]));
    const now = clock.now().getTime();
    return orders.map((order) => {
      const base = currencyOf(currencies, order.baseCurrencyId);
      const quote = currencyOf(currencies, order.quoteCurrencyId);
      const invest = order.direction === 'call' ? base : quote;
      const product = products.get(order.productId);
      const terms = termsOf(order, base.scale);
      const outcomes = dualOutcomes(terms);
      const payoutView = (payout: { currency: 'base' | 'quote'; amount: bigint }) => {
        const currency = payout.currency === 'base' ? base : quote;
        return {
          currency: currency.code,
          side: payout.currency,
          amount: fromScaledBigint(payout.amount, currency.scale),
        };
      };
      const state = order.state === 'purchased' && now >= order.settleAt.getTime() ? 'settling' : order.state;
      return {
        id: order.id.toString(),
        user_id: order.userId,
        product_id: order.productId,
        names: product?.names ?? {},
        pair: product?.pair ?? `${base.code}/${quote.code}`,
        type: order.direction,
        currency: base.code,
        quote_currency: quote.code,
        base_scale: base.scale,
        quote_scale: quote.scale,
        invest_currency: invest.code,
        shares: order.shares,
        amount: fromScaledBigint(order.amount, invest.scale),
        linked_price: fromScaledBigintTrimmed(order.linkedPrice, quote.scale),
        annual_rate: miningRateText(order.annualRatePpm),
        days: order.days,
        settle_at: order.settleAt.getTime(),
        created_at: order.createdAt.getTime(),
        state,
        fail_reason: order.failReason,
        outcomes: { below: payoutView(outcomes.below), at_or_above: payoutView(outcomes.atOrAbove) },
        settle_tick:
          order.settleTickId !== null && order.settlePrice !== null && order.settleTickAt !== null
            ? {
                id: order.settleTickId.toString(),
                price: order.settlePrice,
                time: order.settleTickAt.getTime(),
              }
            : null,
        payout:
          order.payout !== null && order.payoutSide !== null
            ? payoutView({ currency: order.payoutSide, amount: order.payout })
            : null,
        settled_at: order.settledAt?.getTime() ?? null,
      };
    });
  }

  async function orderView(id: bigint): Promise<DualOrder> {
    const order = await repository.orderById(db, id);
    invariant(order, 'the order exists');
    const [view] = await orderViews([order]);
    invariant(view, 'one view per order');
    const { user_id: _userId, ...rest } = view;
    return rest;
  }

  /** Settles one order at its settlement time: the scheduled work's handler (exactly once). */
  async function settle(tx: Database, work: DueWork, now: Date): Promise<WorkOutcome> {
    const order = await repository.orderById(tx, BigInt(work.key), 'update');
    if (order?.state !== 'purchased') return { done: true };
    const settleMs = order.settleAt.getTime();
    if (now.getTime() < settleMs) return { retryAt: order.settleAt, reason: 'not yet due' };
    const [tick] = await market.ticksBetween(
      {
        instrumentId: order.instrumentId,
        from: order.settleAt,
        to: new Date(settleMs + dualTickToleranceMs),
        limit: 1,
      },
      tx,
    );
    const userAccount = (currencyId: number) => ({
      userId: order.userId,
      currencyId,
      kind: userAccountKinds.change,
    });
    const releases: LedgerOp[] = [order.baseHoldId, order.quoteHoldId]
      .filter((id): id is bigint => id !== null)
      .map((holdId) => ({ type: 'release', holdId }));
    if (!tick) {
      if (now.getTime() < settleMs + dualTickToleranceMs) {
        return { retryAt: new Date(now.getTime() + settleRetryMs), reason: 'no tick at settlement yet' };
      }
      // No reference price within the tolerance: nothing can be settled fairly; everything is released.
      await ledger.apply(tx, [{ type: 'release', holdId: order.principalHoldId }, ...releases], now);
      await repository.markFailed(tx, { id: order.id, reason: 'no_reference_tick', at: now });
      return { done: true };
    }
    // Within the settlement's transaction (PGlite has one connection).
    const currencies = await currencyMap(tx);
    const base = currencyOf(currencies, order.baseCurrencyId);
    const quote = currencyOf(currencies, order.quoteCurrencyId);
    const receipt = dualReceipt(termsOf(order, base.scale), tick.price, quote.scale);
    invariant(receipt, 'a recorded tick has a price');
    const investCurrency = order.direction === 'call' ? base : quote;
    const payoutCurrency = receipt.payout.currency === 'base' ? base : quote;
    const payoutHold = receipt.payout.currency === 'base' ? order.baseHoldId : order.quoteHoldId;
    const otherHold = receipt.payout.currency === 'base' ? order.quoteHoldId : order.baseHoldId;
    const reserve = (currencyId: number) => ({ system: reserveAccount(order.productId), currencyId });
    const tickId = BigInt(tick.id);
    const memo = { order_id: order.id.toString(), product_id: order.productId, tick_id: tick.id };
    const payoutEntry = {
      kind: 'dual_payout' as const,
      userId: order.userId,
      reference: `dual:order:${order.id}:payout`,
      tickId,
      memo,
      legs: [
        { account: reserve(payoutCurrency.id), amount: -receipt.payout.amount },
        { account: userAccount(payoutCurrency.id), amount: receipt.payout.amount },
      ],
    };
    // The principal first: a payout in the invested currency is then paid from it and the yield hold.
    const ops: LedgerOp[] = [
      {
        type: 'post_hold',
        holdId: order.principalHoldId,
        amount: order.amount,
        close: true,
        entry: {
          kind: 'dual_principal',
          userId: order.userId,
          reference: `dual:order:${order.id}:principal`,
          tickId,
          memo,
          legs: [
            { account: userAccount(investCurrency.id), amount: -order.amount },
            { account: reserve(investCurrency.id), amount: order.amount },
          ],
        },
      },
    ];
    if (receipt.payout.currency === (order.direction === 'call' ? 'base' : 'quote')) {
      // Paid in the invested currency: the principal just posted plus the reserved yield, freed first.
      invariant(
        receipt.payout.amount >= order.amount,
        'a payout in the invested currency is at least the principal',
      );
      if (payoutHold !== null) ops.push({ type: 'release', holdId: payoutHold });
      ops.push({ type: 'transfer', entry: payoutEntry });
    } else {
      invariant(payoutHold !== null || receipt.payout.amount === 0n, 'the other currency was reserved');
      ops.push(
        payoutHold !== null
          ? {
              type: 'post_hold',
              holdId: payoutHold,
              amount: receipt.payout.amount,
              close: true,
              entry: payoutEntry,
            }
          : { type: 'transfer', entry: payoutEntry },
      );
    }
    if (otherHold !== null) ops.push({ type: 'release', holdId: otherHold });
    await ledger.apply(tx, ops, now);
    await repository.markSettled(tx, {
      id: order.id,
      tick: { id: tickId, price: tick.price, at: new Date(tick.time) },
      side: receipt.payout.currency,
      payout: receipt.payout.amount,
      at: now,
    });
    return { done: true };
  }

  scheduler.handle(dualSettleKind, settle);

  async function productTerms(
    body: AdminDualProductSave,
    before: ProductRecord | null,
    currencies: Map<number, Currency>,
  ): Promise<ProductTerms> {
    const instrument = market.instrumentBySymbol(before ? before.pair : body.pair);
    if (instrument?.kind !== 'spot') throw dualError('pair_unknown');
    const byCode = (code: string) => [...currencies.values()].find((currency) => currency.code === code);
    const base = byCode(instrument.base);
    const quote = byCode(instrument.quote);
    if (!base || !quote) throw dualError('pair_unknown');
    const invest = body.type === 'call' ? base : quote;
    const units = (text: string, scale: number) => {
      const parsed = parseAmount(text, scale);
      if (!parsed.ok) throw dualError('terms_invalid');
      return parsed.units;
    };
    const linkedPrice = units(body.linked_price, quote.scale);
    const unitPrice = units(body.unit_price, invest.scale);
    const annualRatePpm = miningRatePpm(body.annual_rate);
    const names = Object.fromEntries(
      Object.entries(body.names).map(([locale, name]) => [locale, name.trim()]),
    );
    if (annualRatePpm === null || body.max_shares < body.min_shares || !names.en) {
      throw dualError('terms_invalid');
    }
    const terms = termsOf(
      { direction: body.type, amount: unitPrice, linkedPrice, annualRatePpm, days: body.days },
      base.scale,
    );
    const outcomes = dualOutcomes(terms);
    // One share must pay at least a unit in either outcome.
    if (outcomes.below.amount === 0n || outcomes.atOrAbove.amount === 0n) throw dualError('terms_invalid');
    return {
      names,
      instrumentId: instrument.id,
      pair: instrument.symbol,
      baseCurrencyId: base.id,
      quoteCurrencyId: quote.id,
      direction: body.type,
      linkedPrice,
      annualRatePpm,
      days: body.days,
      settleAt: new Date(body.settle_at),
      unitPrice,
      minShares: body.min_shares,
      maxShares: body.max_shares,
      totalShares: body.total_shares,
      active: body.active,
    };
  }

  async function fund(
    tx: Database,
    actor: AuditActor,
    params: { productId: number; currencyId: number; amount: string },
    currencies: Map<number, Currency>,
  ): Promise<string | undefined> {
    const product = await repository.productById(tx, params.productId);
    if (!product) throw dualError('product_not_found');
    if (params.currencyId !== product.baseCurrencyId && params.currencyId !== product.quoteCurrencyId) {
      throw dualError('currency_not_in_pair');
    }
    const currency = currencyOf(currencies, params.currencyId);
    const parsed = parseAmount(params.amount, currency.scale);
    if (!parsed.ok) throw dualError('amount_invalid');
    const { entryIds } = await ledger.apply(
      tx,
      [
        {
          type: 'transfer',
          entry: {
            kind: 'dual_reserve_fund',
            userId: null,
            memo: { product_id: product.id, staff_id: actor.staffId },
            legs: [
              { account: { system: 'house', currencyId: currency.id }, amount: -parsed.units },
              {
                account: { system: reserveAccount(product.id), currencyId: currency.id },
                amount: parsed.units,
              },
            ],
          },
        },
      ],
      clock.now(),
    );
    return entryIds[0]?.toString();
  }

  return {
    settle,

    async index(filter: { currencyId?: number | undefined; direction?: DualTerms['direction'] | undefined }) {
      const products = await repository.listProducts(db, {
        baseCurrencyId: filter.currencyId,
        direction: filter.direction,
      });
      return { list: await productViews(products), now: clock.now().getTime() };
    },

    detail: productView,

    async orders(params: { userId: number; page?: number | undefined; limit?: number | undefined }) {
      const page = params.page ?? 1;
      const limit = params.limit ?? pageSizeDefault;
      const { list, total } = await repository.listOrders(db, {
        userId: params.userId,
        offset: (page - 1) * limit,
        limit,
      });
      const views = (await orderViews(list)).map(({ user_id: _userId, ...rest }) => rest);
      return { list: views, page, limit, total };
    },

    async adminOrders(params: { page?: number | undefined; limit?: number | undefined }) {
      const page = params.page ?? 1;
      const limit = params.limit ?? pageSizeDefault;
      const { list, total } = await repository.listOrders(db, { offset: (page - 1) * limit, limit });
      return { list: await orderViews(list), page, limit, total };
    },

    /** Buys `shares` (whole) of a product: the principal is held, both outcomes reserved. */
    async buy(params: {
      userId: number;
      productId: number;
      shares: string;
      currencyId?: number | undefined;
      direction?: DualTerms['direction'] | undefined;
    }): Promise<DualOrder> {
      halts.assertOpen(`dual:${params.productId}`);
      const currencies = await currencyMap();
      let id: bigint;
      try {
        id = await inTransaction(async (tx) => {
          // Orders for one product take turns: the shares left are checked and taken under this lock.
          const product = await repository.productById(tx, params.productId, 'update');
          if (!product) throw dualError('product_not_found');
          if (
            (params.currencyId !== undefined && params.currencyId !== product.baseCurrencyId) ||
            (params.direction !== undefined && params.direction !== product.direction)
          ) {
            throw dualError('product_mismatch');
          }
          const now = clock.now();
          if (!product.active || now.getTime() >= product.settleAt.getTime())
            throw dualError('product_ended');
          const amount = dualAmount(params.shares, product.unitPrice);
          if (amount === null) throw dualError('shares_invalid');
          const shares = Number(params.shares.trim());
          if (shares < product.minShares) throw dualError('below_minimum');
          if (shares > product.maxShares) throw dualError('above_maximum');
          if (product.soldShares + shares > product.totalShares) throw dualError('sold_out');
          const base = currencyOf(currencies, product.baseCurrencyId);
          const investCurrencyId =
            product.direction === 'call' ? product.baseCurrencyId : product.quoteCurrencyId;
          const terms = termsOf({ ...product, amount }, base.scale);
          const obligation = dualReserveObligation(terms);
          const orderId = await repository.nextOrderId(tx);
          const reserveHold = (currencyId: number, units: bigint, part: string): LedgerOp[] =>
            units > 0n
              ? [
                  {
                    type: 'hold',
                    account: { system: reserveAccount(product.id), currencyId },
                    amount: units,
                    capPpm: reserveCapPpm,
                    reason: 'dual_reserve',
                    reference: `dual:order:${orderId}:${part}`,
                  },
                ]
              : [];
          const baseOps = reserveHold(product.baseCurrencyId, obligation.base, 'base');
          const quoteOps = reserveHold(product.quoteCurrencyId, obligation.quote, 'quote');
          const { holdIds } = await ledger.apply(
            tx,
            [
              {
                type: 'hold',
                account: {
                  userId: params.userId,
                  currencyId: investCurrencyId,
                  kind: userAccountKinds.change,
                },
                amount,
                reason: 'dual_principal',
                reference: `dual:order:${orderId}`,
              },
              ...baseOps,
              ...quoteOps,
            ],
            now,
          );
          const [principalHoldId, ...reserveHoldIds] = holdIds;
          invariant(principalHoldId, 'the principal was held');
          const baseHoldId = baseOps.length > 0 ? (reserveHoldIds[0] ?? null) : null;
          const quoteHoldId = quoteOps.length > 0 ? (reserveHoldIds[baseOps.length] ?? null) : null;
          invariant(baseOps.length > 0 === (baseHoldId !== null), 'the base reservation was made');
          invariant(quoteOps.length > 0 === (quoteHoldId !== null), 'the quote reservation was made');
          await repository.insertOrder(tx, {
            id: orderId,
            productId: product.id,
            userId: params.userId,
            instrumentId: product.instrumentId,
            baseCurrencyId: product.baseCurrencyId,
            quoteCurrencyId: product.quoteCurrencyId,
            direction: product.direction,
            shares,
            amount,
            linkedPrice: product.linkedPrice,
            annualRatePpm: product.annualRatePpm,
            days: product.days,
            settleAt: product.settleAt,
            createdAt: now,
            principalHoldId,
            baseHoldId,
            quoteHoldId,
          });
          await repository.addSold(tx, product.id, shares);
          await scheduler.schedule(tx, {
            kind: dualSettleKind,
            key: orderId.toString(),
            dueAt: product.settleAt,
          });
          return orderId;
        });
      } catch (error) {
        if (error instanceof LedgerRefused && error.reason === 'pool_exhausted')
          throw dualError('reserve_full');
        throw userFacingLedgerError(error);
      }
      return orderView(id);
    },

    async adminProducts(): Promise<{ list: DualProduct[] }> {
      return { list: await productViews(await repository.listProducts(db)) };
    },

    async saveProduct(actor: AuditActor, body: AdminDualProductSave): Promise<DualProduct> {
      const currencies = await currencyMap();
      const id = await inTransaction(async (tx) => {
        const now = clock.now();
        const before = body.id === undefined ? null : await repository.productById(tx, body.id, 'update');
        if (body.id !== undefined && !before) throw dualError('product_not_found');
        const terms = await productTerms(body, before, currencies);
        const productId = before ? before.id : await repository.insertProduct(tx, terms, now);
        if (before) await repository.updateProduct(tx, before.id, terms, now);
        const after = await repository.productById(tx, productId);
        await recordAudit(tx, {
          actor,
          action: 'dual.product_save',
          target: { type: 'dual_product', id: productId },
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
      params: { productId: number; currencyId: number; amount: string },
    ): Promise<DualProduct> {
      const currencies = await currencyMap();
      await inTransaction(async (tx) => {
        const entryId = await fund(tx, actor, params, currencies);
        await recordAudit(tx, {
          actor,
          action: 'dual.reserve_fund',
          target: { type: 'dual_product', id: params.productId },
          before: null,
          after: {
            account: reserveAccount(params.productId),
            currency_id: params.currencyId,
            amount: params.amount,
            entry_id: entryId ?? null,
          },
          at: clock.now(),
        });
      });
      return productView(params.productId);
    },

    /**
     * Demo installations start with a few products on BTC/USDT and ETH/USDT, linked near the
     * current reference price, settling in 7 and 14 days at 08:00 UTC, each reserve funded (not audited).
     */
    async seedDemo(): Promise<void> {
      if ((await repository.listProducts(db)).length > 0) return;
      const currencies = await currencyMap();
      const system = { staffId: 0, roles: [], requestId: 'demo-seed' };
      const dayMs = 86_400_000;
      const at8 = (days: number) => {
        const midnight = Math.floor(clock.now().getTime() / dayMs) * dayMs;
        return midnight + days * dayMs + 8 * 3_600_000;
      };
      const seeds = [
        { pair: 'BTC/USDT', type: 'call', step: 1000, offset: 1.03, rate: '0.12', days: 7, unit: '0.01' },
        { pair: 'BTC/USDT', type: 'put', step: 1000, offset: 0.97, rate: '0.15', days: 7, unit: '100' },
        { pair: 'ETH/USDT', type: 'call', step: 50, offset: 1.05, rate: '0.18', days: 14, unit: '0.1' },
      ] as const;
      for (const seed of seeds) {
        const instrument = market.instrumentBySymbol(seed.pair);
        const reference =
          market.referencePrice(seed.pair)?.price ?? (await instrumentReference(db, seed.pair));
        if (!instrument || !reference) continue;
        const linked = Math.max(
          seed.step,
          Math.round((Number(reference) * seed.offset) / seed.step) * seed.step,
        );
        const settleAt = at8(seed.days);
        const terms = await productTerms(
          {
            names: {
              en: `${seed.pair} ${seed.type === 'call' ? 'high sell' : 'low buy'} ${seed.days} days`,
              zh: `${seed.pair} ${seed.type === 'call' ? '高卖' : '低买'} ${seed.days} 天`,
            },
            pair: seed.pair,
            type: seed.type,
            linked_price: String(linked),
            annual_rate: seed.rate,
            days: seed.days,
            settle_at: settleAt,
            unit_price: seed.unit,
            min_shares: 1,
            max_shares: 100,
            total_shares: 1000,
            active: true,
          },
          null,
          currencies,
        );
        const productId = await repository.insertProduct(db, terms, clock.now());
        await inTransaction(async (tx) => {
          await fund(tx, system, { productId, currencyId: terms.baseCurrencyId, amount: '50' }, currencies);
          await fund(
            tx,
            system,
            { productId, currencyId: terms.quoteCurrencyId, amount: '2000000' },
            currencies,
          );
        });
      }
    },
  };
}

/** The instrument's seeded reference price, for a seed before the market has loaded its ticks. */
async function instrumentReference(db: Database, symbol: string): Promise<string | null> {
  const [row] = await rowsOf<{ price: string }>(
    db,
    sql`select reference_price::text as price from instruments where symbol = ${symbol}`,
  );
  return row?.price ?? null;
}

function auditView(product: ProductRecord): object {
  return {
    names: product.names,
    pair: product.pair,
    type: product.direction,
    linked_price: product.linkedPrice.toString(),
    annual_rate: miningRateText(product.annualRatePpm),
    days: product.days,
    settle_at: product.settleAt.toISOString(),
    unit_price: product.unitPrice.toString(),
    min_shares: product.minShares,
    max_shares: product.maxShares,
    total_shares: product.totalShares,
    active: product.active,
  };
}
