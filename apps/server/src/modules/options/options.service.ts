/**
 * Seconds options (issue 18): submit holds the stake on the user's micro account and reserves the
 * worst case (the profit of a win) on `pool:options`; the schedule module settles each order once
 * at its expiry, on the first recorded tick at or after it, by the pure settleOption of
 * packages/domain. Nothing here takes a price, an expiry, an outcome or a payout from a caller.
 */
import { randomUUID } from 'node:crypto';
import type {
  AdminOptionTermUpdateBody,
  OptionList,
  OptionOrder,
  OptionPool,
  OptionReceipt,
  OptionTermView,
} from '@fairex/contract';
import {
  checkOptionStake,
  fromScaledBigint,
  fromScaledBigintTrimmed,
  optionBreakEvenWinRate,
  optionCloseToleranceMsDefault,
  optionExpiryMs,
  optionWorstCaseExposure,
  parseAmount,
  settleOption,
  toScaledBigint,
  userAccountKinds,
  validateOptionTerms,
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
  listCurrencies,
  systemAccountBalance,
  userAccountBalances,
  userFacingLedgerError,
} from '../ledger';
import type { MarketService } from '../market';
import type { DueWork, Scheduler, WorkOutcome } from '../schedule';
import { optionsError } from './options.errors';

export const optionsPool = 'pool:options';
export const optionsExpiryKind = 'options:expiry';
export const optionsHaltScope = 'options';
/** Open orders may reserve at most half of the pool's balance for their worst case. */
export const optionsPoolCapPpm = 500_000n;
/**
 * And the open orders of one instrument and duration at most this share of it (so one busy pair
 * or one short duration cannot use the whole pool): the per-term cap, sized from the pool.
 */
export const optionsTermCapPpm = 200_000n;
const ppm = 1_000_000n;
/** The currencies a stake can be paid in (by code). */
const payableCodes = ['USDT'];
/** Receipts list at most this many ticks between open and close. */
const receiptTicksMax = 2_000;
/** While the close tick may still come, look again this soon. */
const settleRetryMs = 250;
/**
 * With no tick at all since expiry (the feed is down), refund this long after the tolerance ended:
 * a tick is stamped at most about a second before it is written.
 */
const refundGraceMs = 5_000;
/** The close tick is looked for up to a day past now (later ones cannot be recorded yet). */
const closeSearchAheadMs = 86_400_000;

/** Seeded terms for a fresh install (staff change them in the console). */
const defaultTerms = [
  { seconds: 30, rate: 800_000n },
  { seconds: 60, rate: 850_000n },
  { seconds: 120, rate: 880_000n },
  { seconds: 300, rate: 900_000n },
] as const;
const defaultMinStakeWhole = 10n;
const defaultMaxStakeWhole = 10_000n;

type TermRow = {
  instrument_id: number;
  seconds: number;
  rate: string;
  min_stake: string;
  max_stake: string;
  enabled: boolean;
};

type OrderRow = {
  id: string;
  user_id: number;
  instrument_id: number;
  currency_id: number;
  direction: number;
  seconds: number;
  stake: string;
  rate: string;
  accepted_at: Date | string;
  expires_at: Date | string;
  open_tick_id: string;
  open_price: string;
  open_tick_at: Date | string;
  stake_hold_id: string;
  pool_hold_id: string;
  tolerance_ms: number;
  status: 'open' | 'settled';
  result: 'win' | 'lose' | 'equal' | 'refund' | null;
  close_tick_id: string | null;
  close_price: string | null;
  close_tick_at: Date | string | null;
  payout: string | null;
  settled_at: Date | string | null;
};

const orderColumns = sql.raw(
  `id::text, user_id, instrument_id, currency_id, direction, seconds, stake::text, rate::text,
   accepted_at, expires_at, open_tick_id::text, open_price::text, open_tick_at, stake_hold_id::text,
   pool_hold_id::text, tolerance_ms, status, result, close_tick_id::text, close_price::text,
   close_tick_at, payout::text, settled_at`,
);

const ms = (value: Date | string) => new Date(value).getTime();
const rateText = (rate: bigint) => fromScaledBigintTrimmed(rate, 6);
const trimPrice = (price: string) => (price.includes('.') ? price.replace(/\.?0+$/, '') : price);

export type OptionsService = ReturnType<typeof createOptionsService>;

export function createOptionsService(deps: {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly market: MarketService;
  readonly scheduler: Scheduler;
  readonly halts: Halts;
  readonly toleranceMs?: number;
}) {
  const { db, clock, ledger, market, scheduler, halts } = deps;
  const toleranceMs = deps.toleranceMs ?? optionCloseToleranceMsDefault;

  const inTransaction = <T>(work: (tx: Database) => Promise<T>): Promise<T> =>
    db.transaction((tx) => work(tx as unknown as Database)) as Promise<T>;

  async function payableCurrencies(): Promise<Currency[]> {
    return (await listCurrencies(db)).filter((currency) => payableCodes.includes(currency.code));
  }

  async function stakeCurrency(): Promise<Currency> {
    const [currency] = await payableCurrencies();
    if (!currency) throw new Error('no payable currency is seeded');
    return currency;
  }

  function symbolOf(instrumentId: number): string {
    return (
      market.instruments().find((instrument) => instrument.id === instrumentId)?.symbol ?? `#${instrumentId}`
    );
  }

  async function termRows(instrumentId?: number): Promise<TermRow[]> {
    return rowsOf<TermRow>(
      db,
      sql`select instrument_id, seconds, rate::text, min_stake::text, max_stake::text, enabled
          from option_terms
          where ${instrumentId === undefined ? sql`true` : sql`instrument_id = ${instrumentId}`}
          order by instrument_id, seconds`,
    );
  }

  async function termViews(rows: readonly TermRow[]): Promise<OptionTermView[]> {
    const currency = await stakeCurrency();
    return rows.map((row) => ({
      match_id: row.instrument_id,
      symbol: symbolOf(row.instrument_id),
      seconds: row.seconds,
      profit_rate: rateText(BigInt(row.rate)),
      min_number: fromScaledBigintTrimmed(BigInt(row.min_stake), currency.scale),
      max_number: fromScaledBigintTrimmed(BigInt(row.max_stake), currency.scale),
      break_even: rateText(optionBreakEvenWinRate(BigInt(row.rate))),
    }));
  }

  async function view(row: OrderRow): Promise<OptionOrder> {
    const currencies = await listCurrencies(db);
    const currency = currencies.find((candidate) => candidate.id === row.currency_id);
    const scale = currency?.scale ?? 0;
    return {
      id: Number(row.id),
      match_id: row.instrument_id,
      symbol: symbolOf(row.instrument_id),
      currency_id: row.currency_id,
      currency_name: currency?.code ?? '',
      type: row.direction === 1 ? 1 : 2,
      seconds: row.seconds,
      number: fromScaledBigint(BigInt(row.stake), scale),
      profit_rate: rateText(BigInt(row.rate)),
      status: row.status === 'open' ? 1 : 3,
      accepted_at: ms(row.accepted_at),
      expires_at: ms(row.expires_at),
      open_tick: { id: row.open_tick_id, price: trimPrice(row.open_price), time: ms(row.open_tick_at) },
      close_tick:
        row.close_tick_id && row.close_price && row.close_tick_at
          ? { id: row.close_tick_id, price: trimPrice(row.close_price), time: ms(row.close_tick_at) }
          : null,
      result: row.result,
      payout: row.payout === null ? null : fromScaledBigint(BigInt(row.payout), scale),
      tolerance_ms: row.tolerance_ms,
      settled_at: row.settled_at === null ? null : ms(row.settled_at),
    };
  }

  async function orderRow(tx: Database, id: bigint, lock: boolean): Promise<OrderRow | null> {
    const [row] = await rowsOf<OrderRow>(
      tx,
      sql`select ${orderColumns} from option_orders where id = ${id.toString()}::bigint
          ${lock ? sql`for update` : sql``}`,
    );
    return row ?? null;
  }

  /** What open orders of one instrument and duration may lose at most (their holds on the pool). */
  async function termExposure(
    tx: Database,
    term: { instrumentId: number; seconds: number; currencyId: number },
  ): Promise<bigint> {
    const rows = await rowsOf<{ stake: string; rate: string }>(
      tx,
      sql`select stake::text, rate::text from option_orders
          where status = 'open' and instrument_id = ${term.instrumentId} and seconds = ${term.seconds}
            and currency_id = ${term.currencyId}`,
    );
    return rows.reduce((sum, row) => sum + optionWorstCaseExposure(BigInt(row.stake), BigInt(row.rate)), 0n);
  }

  /**
   * Refuses an order that would take one instrument and duration past its share of the pool.
   * The term's row is locked first, so parallel submits on one term are counted one after another.
   */
  async function assertTermCap(
    tx: Database,
    params: { instrumentId: number; seconds: number; currency: Currency; exposure: bigint },
  ): Promise<void> {
    await tx.execute(
      sql`select 1 from option_terms where instrument_id = ${params.instrumentId} and seconds = ${params.seconds}
          for update`,
    );
    const used = await termExposure(tx, { ...params, currencyId: params.currency.id });
    const { balance } = await systemAccountBalance(tx, {
      system: optionsPool,
      currencyId: params.currency.id,
    });
    if ((used + params.exposure) * ppm > balance * optionsTermCapPpm) throw optionsError('term_cap_reached');
  }

  /** Settles one order at its expiry: the scheduled work's handler (exactly once, in its row's transaction). */
  async function settle(tx: Database, work: DueWork, now: Date): Promise<WorkOutcome> {
    const row = await orderRow(tx, BigInt(work.key), true);
    if (row?.status !== 'open') return { done: true };
    const expiresMs = ms(row.expires_at);
    const deadlineMs = expiresMs + row.tolerance_ms;
    // The first recorded tick at or after expiry, however late: a tick stamped with the start of
    // its second is written a moment later (after a restart the worker's first pass even runs
    // before the feed's first tick), so "none within the tolerance" is only known once a later
    // tick is recorded (each instrument's ticks are recorded in time order), or long after.
    const ticks = await market.ticksBetween(
      {
        instrumentId: row.instrument_id,
        from: new Date(expiresMs),
        to: new Date(Math.max(now.getTime(), deadlineMs) + closeSearchAheadMs),
        limit: 1,
      },
      tx,
    );
    if (ticks.length === 0 && now.getTime() <= deadlineMs + refundGraceMs) {
      return { retryAt: new Date(now.getTime() + settleRetryMs), reason: 'no tick at expiry yet' };
    }
    const stake = BigInt(row.stake);
    const settlement = settleOption(
      {
        direction: row.direction === 1 ? 'up' : 'down',
        stake,
        rate: BigInt(row.rate),
        acceptedAtMs: ms(row.accepted_at),
        seconds: row.seconds,
        openTick: { id: row.open_tick_id, price: row.open_price, time: ms(row.open_tick_at) },
      },
      ticks,
      now.getTime(),
      row.tolerance_ms,
    );
    // A refund is written only after the tolerance ended, so the receipt recomputes it as one.
    if (settlement === null || (settlement.result === 'refund' && now.getTime() <= deadlineMs)) {
      return { retryAt: new Date(now.getTime() + settleRetryMs), reason: 'no tick at expiry yet' };
    }
    const stakeHold = BigInt(row.stake_hold_id);
    const poolHold = BigInt(row.pool_hold_id);
    const user = { userId: row.user_id, currencyId: row.currency_id, kind: userAccountKinds.micro };
    const pool = { system: optionsPool, currencyId: row.currency_id } as const;
    const reference = `options:settle:${row.id}`;
    const closeTickId = settlement.result === 'refund' ? undefined : BigInt(settlement.closeTick.id);
    let ops: LedgerOp[];
    switch (settlement.result) {
      case 'win': {
        const profit = -settlement.poolDelta;
        ops = [
          { type: 'release', holdId: stakeHold },
          {
            type: 'post_hold',
            holdId: poolHold,
            amount: profit,
            close: true,
            entry: {
              kind: 'option_win',
              userId: row.user_id,
              reference,
              ...(closeTickId === undefined ? {} : { tickId: closeTickId }),
              memo: { order: row.id },
              legs: [
                { account: pool, amount: -profit },
                { account: user, amount: profit },
              ],
            },
          },
        ];
        break;
      }
      case 'lose':
        ops = [
          {
            type: 'post_hold',
            holdId: stakeHold,
            amount: stake,
            close: true,
            entry: {
              kind: 'option_loss',
              userId: row.user_id,
              reference,
              ...(closeTickId === undefined ? {} : { tickId: closeTickId }),
              memo: { order: row.id },
              legs: [
                { account: user, amount: -stake },
                { account: pool, amount: stake },
              ],
            },
          },
          { type: 'release', holdId: poolHold },
        ];
        break;
      case 'equal':
      case 'refund':
        ops = [
          { type: 'release', holdId: stakeHold },
          { type: 'release', holdId: poolHold },
        ];
        break;
    }
    await ledger.apply(tx, ops, now);
    const close = settlement.result === 'refund' ? null : settlement.closeTick;
    await tx.execute(
      sql`update option_orders set status = 'settled', result = ${settlement.result},
            close_tick_id = ${close ? close.id : null}::bigint,
            close_price = ${close ? close.price : null}::numeric,
            close_tick_at = ${close ? new Date(close.time).toISOString() : null}::timestamptz,
            payout = ${settlement.payout.toString()}::numeric,
            settled_at = ${now.toISOString()}::timestamptz
          where id = ${row.id}::bigint and status = 'open'`,
    );
    return { done: true };
  }

  return {
    settle,

    /** Seeds default terms for the trading spot pairs quoted in the stake currency, once. */
    async seedTerms(): Promise<void> {
      const [existing] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from option_terms`);
      if ((existing?.n ?? 0) > 0) return;
      const currency = (await payableCurrencies())[0];
      if (!currency) return;
      const unit = 10n ** BigInt(currency.scale);
      // From the table, not the market's memory: on a server start the market loads after the modules.
      const pairs = await rowsOf<{ id: number }>(
        db,
        sql`select id from instruments where kind = 'spot' and upper(quote) = ${currency.code} order by id`,
      );
      for (const pair of pairs) {
        for (const term of defaultTerms) {
          await db.execute(
            sql`insert into option_terms (instrument_id, seconds, rate, min_stake, max_stake, updated_at)
                values (${pair.id}, ${term.seconds}, ${term.rate.toString()}::bigint,
                        ${(defaultMinStakeWhole * unit).toString()}::numeric,
                        ${(defaultMaxStakeWhole * unit).toString()}::numeric,
                        ${clock.now().toISOString()}::timestamptz)
                on conflict do nothing`,
          );
        }
      }
    },

    async payableCurrencies(userId: number) {
      const balances = await userAccountBalances(db, userId);
      return (await payableCurrencies()).map((currency) => {
        const account = balances.find(
          (row) => row.currencyId === currency.id && row.kind === userAccountKinds.micro,
        );
        const available = (account?.balance ?? 0n) - (account?.held ?? 0n);
        return { id: currency.id, name: currency.code, balance: fromScaledBigint(available, currency.scale) };
      });
    },

    /** The durations in force for new orders (enabled ones; of one pair with `matchId`). */
    async terms(matchId?: number): Promise<OptionTermView[]> {
      return termViews((await termRows(matchId)).filter((row) => row.enabled));
    },

    /** Every term, enabled or not (console). */
    async allTerms(): Promise<OptionTermView[]> {
      return termViews(await termRows());
    },

    async submit(params: {
      readonly userId: number;
      readonly matchId: number;
      readonly currencyId: number;
      readonly type: 1 | 2;
      readonly seconds: number;
      readonly number: string;
    }): Promise<OptionOrder> {
      halts.assertOpen(optionsHaltScope);
      const instrument = market.instruments().find((candidate) => candidate.id === params.matchId);
      if (instrument?.status !== 'trading') throw optionsError('instrument_unavailable');
      const [term] = (await termRows(params.matchId)).filter(
        (row) => row.seconds === params.seconds && row.enabled,
      );
      if (!term) throw optionsError('duration_unknown');
      const currency = (await payableCurrencies()).find((candidate) => candidate.id === params.currencyId);
      if (!currency) throw optionsError('currency_not_payable');
      const amount = parseAmount(params.number, currency.scale);
      if (!amount.ok) throw optionsError('amount_invalid');
      const stake = amount.units;
      const rate = BigInt(term.rate);
      const refusal = checkOptionStake(
        { seconds: term.seconds, rate, minStake: BigInt(term.min_stake), maxStake: BigInt(term.max_stake) },
        stake,
      );
      if (refusal) throw optionsError(refusal);
      const exposure = optionWorstCaseExposure(stake, rate);
      if (exposure <= 0n) throw optionsError('stake_below_minimum');
      const open = market.lastTick(params.matchId);
      if (!open) throw optionsError('price_unavailable');
      const now = clock.now();
      const expiresAt = new Date(optionExpiryMs(now.getTime(), params.seconds));
      try {
        const id = await inTransaction(async (tx) => {
          const [next] = await rowsOf<{ id: string }>(
            tx,
            sql`select nextval(pg_get_serial_sequence('option_orders', 'id'))::text as id`,
          );
          const orderId = next?.id ?? '';
          const { holdIds } = await ledger.apply(
            tx,
            [
              {
                type: 'hold',
                account: { userId: params.userId, currencyId: currency.id, kind: userAccountKinds.micro },
                amount: stake,
                reason: 'options stake',
                reference: `options:stake:${orderId}`,
              },
              {
                type: 'hold',
                account: { system: optionsPool, currencyId: currency.id },
                amount: exposure,
                capPpm: optionsPoolCapPpm,
                reason: 'options worst case',
                reference: `options:pool:${orderId}`,
              },
            ],
            now,
          );
          // After the holds: a pool that cannot pay at all reports that (the ledger's refusal) first.
          await assertTermCap(tx, {
            instrumentId: params.matchId,
            seconds: params.seconds,
            currency,
            exposure,
          });
          await tx.execute(
            sql`insert into option_orders (id, user_id, instrument_id, currency_id, direction, seconds,
                  stake, rate, accepted_at, expires_at, open_tick_id, open_price, open_tick_at,
                  stake_hold_id, pool_hold_id, tolerance_ms)
                values (${orderId}::bigint, ${params.userId}, ${params.matchId}, ${currency.id},
                  ${params.type}, ${params.seconds}, ${stake.toString()}::numeric, ${rate.toString()}::bigint,
                  ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz,
                  ${open.id}::bigint, ${open.price}::numeric, ${new Date(open.time).toISOString()}::timestamptz,
                  ${String(holdIds[0])}::bigint, ${String(holdIds[1])}::bigint, ${toleranceMs})`,
          );
          await scheduler.schedule(tx, { kind: optionsExpiryKind, key: orderId, dueAt: expiresAt });
          return BigInt(orderId);
        });
        const row = await orderRow(db, id, false);
        if (!row) throw new Error('the order just accepted is missing');
        return view(row);
      } catch (error) {
        throw userFacingLedgerError(error);
      }
    },

    async list(params: {
      readonly userId: number;
      readonly matchId?: number | undefined;
      readonly status?: 1 | 3 | undefined;
      readonly page?: number | undefined;
      readonly limit?: number | undefined;
    }): Promise<OptionList> {
      const page = params.page ?? 1;
      const limit = params.limit ?? 5;
      const where = sql`user_id = ${params.userId}
        ${params.matchId === undefined ? sql`` : sql`and instrument_id = ${params.matchId}`}
        ${params.status === undefined ? sql`` : sql`and status = ${params.status === 1 ? 'open' : 'settled'}`}`;
      const rows = await rowsOf<OrderRow>(
        db,
        sql`select ${orderColumns} from option_orders where ${where}
            order by option_orders.id desc limit ${limit} offset ${(page - 1) * limit}`,
      );
      const [count] = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from option_orders where ${where}`,
      );
      return { list: await Promise.all(rows.map(view)), total: count?.n ?? 0, page, limit };
    },

    async result(userId: number, id: number): Promise<OptionOrder> {
      const row = await orderRow(db, BigInt(id), false);
      if (!row || row.user_id !== userId) throw optionsError('order_not_found');
      return view(row);
    },

    /** Any order's receipt with the recorded ticks from its open tick to its close (public). */
    async receipt(id: number): Promise<OptionReceipt> {
      const row = await orderRow(db, BigInt(id), false);
      if (!row) throw optionsError('order_not_found');
      const order = await view(row);
      const ticks = await market.ticksBetween({
        instrumentId: row.instrument_id,
        from: new Date(order.open_tick.time),
        to: new Date(order.close_tick?.time ?? order.expires_at + order.tolerance_ms),
        limit: receiptTicksMax,
      });
      return { order, ticks };
    },

    async pools(): Promise<OptionPool[]> {
      const result: OptionPool[] = [];
      for (const currency of await payableCurrencies()) {
        const { balance, held } = await systemAccountBalance(db, {
          system: optionsPool,
          currencyId: currency.id,
        });
        const [open] = await rowsOf<{ n: number }>(
          db,
          sql`select count(*)::int as n from option_orders where status = 'open' and currency_id = ${currency.id}`,
        );
        result.push({
          currency_id: currency.id,
          currency_name: currency.code,
          balance: fromScaledBigint(balance, currency.scale),
          exposure: fromScaledBigint(held, currency.scale),
          cap: rateText(optionsPoolCapPpm),
          open_orders: open?.n ?? 0,
          term_cap: rateText(optionsTermCapPpm),
          terms: await Promise.all(
            (await termRows()).map(async (row) => ({
              match_id: row.instrument_id,
              symbol: symbolOf(row.instrument_id),
              seconds: row.seconds,
              exposure: fromScaledBigint(
                await termExposure(db, {
                  instrumentId: row.instrument_id,
                  seconds: row.seconds,
                  currencyId: currency.id,
                }),
                currency.scale,
              ),
              limit: fromScaledBigint((balance * optionsTermCapPpm) / ppm, currency.scale),
            })),
          ),
        });
      }
      return result;
    },

    async setTerm(actor: AuditActor, body: AdminOptionTermUpdateBody): Promise<OptionTermView[]> {
      const matchId = Number(body.match_id);
      const seconds = Number(body.seconds);
      if (!market.instruments().some((instrument) => instrument.id === matchId)) {
        throw optionsError('instrument_unavailable');
      }
      const currency = await stakeCurrency();
      const rate = toScaledBigint(body.profit_rate, 6);
      const min = parseAmount(String(body.min_number), currency.scale);
      const max = parseAmount(String(body.max_number), currency.scale);
      if (!rate.ok || !min.ok || !max.ok) throw optionsError('terms_invalid');
      const term = { seconds, rate: rate.value, minStake: min.units, maxStake: max.units };
      if (validateOptionTerms([term]) !== null) throw optionsError('terms_invalid');
      await inTransaction(async (tx) => {
        const [before] = await rowsOf<TermRow>(
          tx,
          sql`select instrument_id, seconds, rate::text, min_stake::text, max_stake::text, enabled
              from option_terms where instrument_id = ${matchId} and seconds = ${seconds} for update`,
        );
        await tx.execute(
          sql`insert into option_terms (instrument_id, seconds, rate, min_stake, max_stake, enabled, updated_at)
              values (${matchId}, ${seconds}, ${term.rate.toString()}::bigint, ${term.minStake.toString()}::numeric,
                      ${term.maxStake.toString()}::numeric, ${body.enabled}, ${clock.now().toISOString()}::timestamptz)
              on conflict (instrument_id, seconds) do update set rate = excluded.rate,
                min_stake = excluded.min_stake, max_stake = excluded.max_stake,
                enabled = excluded.enabled, updated_at = excluded.updated_at`,
        );
        const text = (row: { rate: bigint; min: bigint; max: bigint; enabled: boolean }) => ({
          symbol: symbolOf(matchId),
          seconds,
          profit_rate: rateText(row.rate),
          min_number: fromScaledBigintTrimmed(row.min, currency.scale),
          max_number: fromScaledBigintTrimmed(row.max, currency.scale),
          enabled: row.enabled,
        });
        await recordAudit(tx, {
          actor,
          action: 'option_terms.update',
          target: { type: 'option_terms', id: `${matchId}:${seconds}` },
          before: before
            ? text({
                rate: BigInt(before.rate),
                min: BigInt(before.min_stake),
                max: BigInt(before.max_stake),
                enabled: before.enabled,
              })
            : null,
          after: text({ rate: term.rate, min: term.minStake, max: term.maxStake, enabled: body.enabled }),
          at: clock.now(),
        });
      });
      return this.allTerms();
    },

    /** Moves `number` of a payable currency from `house` into the pool (audited ledger entry). */
    async fundPool(actor: AuditActor, body: { currency_id: number; number: string }): Promise<OptionPool[]> {
      const currency = (await payableCurrencies()).find((candidate) => candidate.id === body.currency_id);
      if (!currency) throw optionsError('currency_not_payable');
      const amount = parseAmount(body.number, currency.scale);
      if (!amount.ok) throw optionsError('amount_invalid');
      const now = clock.now();
      await inTransaction(async (tx) => {
        const before = await systemAccountBalance(tx, { system: optionsPool, currencyId: currency.id });
        await ledger.apply(
          tx,
          [
            {
              type: 'transfer',
              entry: {
                kind: 'option_pool_funding',
                userId: null,
                reference: `options:fund:${randomUUID()}`,
                memo: { staff: actor.staffId },
                legs: [
                  { account: { system: 'house', currencyId: currency.id }, amount: -amount.units },
                  { account: { system: optionsPool, currencyId: currency.id }, amount: amount.units },
                ],
              },
            },
          ],
          now,
        );
        await recordAudit(tx, {
          actor,
          action: 'option_pool.fund',
          target: { type: 'option_pool', id: currency.code },
          before: { balance: fromScaledBigint(before.balance, currency.scale) },
          after: { balance: fromScaledBigint(before.balance + amount.units, currency.scale) },
          at: now,
        });
      });
      return this.pools();
    },
  };
}
