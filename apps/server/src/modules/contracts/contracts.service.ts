/**
 * Contract trading (issue 17): positions with margin and a multiple against the house pool
 * `pool:contracts`, at recorded reference prices plus a published spread. Every money movement is
 * a ledger batch in the same transaction as the position's change:
 * - open: the margin is held on the user's contract (lever) account (`contracts:margin:<id>`), the
 *   open fee goes to `fees`, and the pool reserves the position's largest payout
 *   (`contracts:exposure:<id>`, refused past the pool's cap: `pool_exhausted`);
 * - a pending limit holds margin + fee (`contracts:order:<id>`); on its tick the fee is posted
 *   from that hold, which then stays as the margin hold;
 * - close (by the user, take-profit, stop-loss, liquidation, maximum profit): settleContract
 *   decides who pays whom; the user's loss goes to the pool from the margin hold, a profit comes
 *   from the pool's reservation, fees to `fees`, a liquidation fee to `insurance`, and a loss
 *   beyond the margin is paid to the pool by `insurance`; the receipt (inputs and outcome) is
 *   stored with the tick id, once per position (a unique index);
 * - overnight: once a day per position and day (scheduled work and a unique index), from the margin.
 */
import type {
  AdminContractTermsBody,
  ContractInstrument,
  ContractPool,
  ContractPosition,
  ContractReceipt,
  Instrument,
} from '@fairex/contract';
import { fromScaledBigintTrimmed, InvariantError, invariant } from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { type AuditActor, recordAudit } from '../audit';
import type { Halts } from '../halts';
import {
  type Ledger,
  type LedgerOp,
  LedgerRefused,
  listCurrencies,
  systemAccountBalance,
  userAccountBalances,
  userAccountKinds,
  userFacingLedgerError,
} from '../ledger';
import type { MarketService } from '../market';
import type { Scheduler } from '../schedule';
import {
  type ContractCloseReason,
  type ContractSide,
  type ContractTerms,
  checkStops,
  closeReceiptInputs,
  contractMoneyDivisor,
  contractPnl,
  contractPriceScale,
  contractsPool,
  defaultTerms,
  fitsOpenInterest,
  limitTrigger,
  marketFill,
  nextOvernightAt,
  openInterestCap,
  overnightDay,
  overnightFee,
  overnightReceiptInputs,
  overnightTimeText,
  parseMultiples,
  parseSessionHours,
  poolReserveCapPpm,
  poolSeedUnits,
  positionTriggers,
  priceUnits,
  quoteOpen,
  recomputeContractReceipt,
  riskRatePpm,
  sessionState,
  settleContract,
  settlementCurrencyId,
  TriggerBook,
  type TriggerKind,
  type TriggerPayload,
  tickFreshnessMs,
  winningReason,
} from './contracts.domain';
import { contractsError } from './contracts.errors';
import type { PositionRow, TermsRow } from './contracts.repository';
import * as repository from './contracts.repository';

export const contractsHaltScope = 'contracts';
export const overnightWorkKind = 'contracts:overnight';
const pageSize = 10;
const catchUpTicksPerPass = 500;

export type ContractsLogger = {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
};

type TickInput = { readonly id: bigint; readonly price: bigint; readonly time: number };

type LoadedTerms = {
  readonly row: TermsRow;
  readonly terms: ContractTerms;
  readonly multiples: readonly number[];
};

const ppmOne = 1_000_000n;

function sideOf(value: number): ContractSide {
  return value === 2 ? 'short' : 'long';
}

function sideNumber(side: ContractSide): 1 | 2 {
  return side === 'long' ? 1 : 2;
}

function termsOfRow(row: TermsRow): ContractTerms {
  return {
    contractSize: BigInt(row.contractSize),
    spread: BigInt(row.spread),
    openFeePpm: BigInt(row.openFeePpm),
    closeFeePpm: BigInt(row.closeFeePpm),
    overnightPpm: BigInt(row.overnightPpm),
    maintenancePpm: BigInt(row.maintenancePpm),
    liquidationFeePpm: BigInt(row.liquidationFeePpm),
    maxMovePpm: BigInt(row.maxMovePpm),
  };
}

function termsToJson(terms: ContractTerms): Record<string, string> {
  return Object.fromEntries(Object.entries(terms).map(([key, value]) => [key, String(value)]));
}

function termsFromJson(json: Record<string, string>): ContractTerms {
  const value = (key: keyof ContractTerms) => BigInt(json[key] ?? '0');
  return {
    contractSize: value('contractSize'),
    spread: value('spread'),
    openFeePpm: value('openFeePpm'),
    closeFeePpm: value('closeFeePpm'),
    overnightPpm: value('overnightPpm'),
    maintenancePpm: value('maintenancePpm'),
    liquidationFeePpm: value('liquidationFeePpm'),
    maxMovePpm: value('maxMovePpm'),
  };
}

/** Percent text of a ppm rate ("0.05" for 500). */
function percentOf(ppm: bigint): string {
  return fromScaledBigintTrimmed(ppm, 4);
}

const price = (value: bigint) => fromScaledBigintTrimmed(value, contractPriceScale);

export type SubmitInput = {
  readonly userId: number;
  readonly instrumentId: number;
  readonly share: string;
  readonly multiple: number;
  readonly side: 1 | 2;
  readonly orderType: 0 | 1;
  readonly limitPrice: string | undefined;
  readonly takeProfit: string | undefined;
  readonly stopLoss: string | undefined;
  readonly idempotencyKey: string | undefined;
};

/** A user's position or pending order changed (after the commit). */
export type ContractChange = {
  readonly userId: number;
  readonly id: bigint;
  readonly status: PositionRow['status'];
};

export type ContractsService = ReturnType<typeof createContractsService>;

export function createContractsService(deps: {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly market: MarketService;
  readonly halts: Halts;
  readonly scheduler: Scheduler;
  readonly logger: ContractsLogger;
}) {
  const { db, clock, ledger, market, halts, scheduler, logger } = deps;
  const terms = new Map<number, LoadedTerms>();
  const books = new Map<number, TriggerBook<TriggerPayload>>();
  /** Each instrument's ticks are evaluated in sequence. */
  const queues = new Map<number, Promise<void>>();
  const lastSeen = new Map<number, bigint>();
  let moneyScale = 6;
  let moneyDivisor = contractMoneyDivisor(moneyScale);
  let stopped = false;
  const changeListeners = new Set<(change: ContractChange) => void>();

  /** After a commit: the owner's position changed (the realtime fan-out tells their sockets). */
  function changed(row: Pick<PositionRow, 'id' | 'userId' | 'status'>): void {
    const change = { userId: row.userId, id: row.id, status: row.status };
    for (const listener of changeListeners) {
      try {
        listener(change);
      } catch (error) {
        logger.error({ err: error }, 'a contract change listener failed');
      }
    }
  }

  const money = (value: bigint) => fromScaledBigintTrimmed(value, moneyScale);

  function contractInstruments(): Instrument[] {
    return market
      .instruments()
      .filter((instrument) => instrument.kind === 'perpetual' || instrument.kind === 'stock');
  }

  function instrumentOf(instrumentId: number): Instrument {
    const instrument = contractInstruments().find((candidate) => candidate.id === instrumentId);
    if (!instrument || !terms.has(instrumentId)) throw contractsError('instrument_not_found');
    return instrument;
  }

  function termsOf(instrumentId: number): LoadedTerms {
    const loaded = terms.get(instrumentId);
    if (!loaded) throw contractsError('instrument_not_found');
    return loaded;
  }

  function bookOf(instrumentId: number): TriggerBook<TriggerPayload> {
    let book = books.get(instrumentId);
    if (!book) {
      book = new TriggerBook();
      books.set(instrumentId, book);
    }
    return book;
  }

  function reference(instrumentId: number): TickInput | null {
    const last = market.lastTick(instrumentId);
    if (!last) return null;
    const units = priceUnits(last.price);
    return units === null ? null : { id: BigInt(last.id), price: units, time: last.time };
  }

  /** The instrument's published tick age limit (staff terms; the default before any is set). */
  function maxTickAgeOf(instrumentId: number): number {
    return terms.get(instrumentId)?.row.maxTickAgeMs ?? tickFreshnessMs;
  }

  function freshReference(instrumentId: number): TickInput {
    const tick = reference(instrumentId);
    if (!tick || clock.now().getTime() - tick.time > maxTickAgeOf(instrumentId))
      throw contractsError('price_unavailable');
    return tick;
  }

  function session(instrument: Instrument, time: number) {
    return sessionState(parseSessionHours(instrument.trading_hours), time);
  }

  function positionView(row: PositionRow): {
    side: ContractSide;
    lots: bigint;
    openPrice: bigint;
    margin: bigint;
    maintenance: bigint;
    exposure: bigint;
    takeProfit: bigint | null;
    stopLoss: bigint | null;
    terms: ContractTerms;
    id: bigint;
  } {
    return {
      id: row.id,
      side: sideOf(row.side),
      lots: BigInt(row.lots),
      openPrice: BigInt(row.openPrice ?? '0'),
      margin: BigInt(row.margin),
      maintenance: BigInt(row.maintenance),
      exposure: BigInt(row.exposure),
      takeProfit: row.takeProfit === null ? null : BigInt(row.takeProfit),
      stopLoss: row.stopLoss === null ? null : BigInt(row.stopLoss),
      terms: termsFromJson(row.terms),
    };
  }

  function unrealised(row: PositionRow): bigint | null {
    if (row.status !== 'open' || row.openPrice === null) return null;
    const tick = reference(row.instrumentId);
    if (!tick) return null;
    const view = positionView(row);
    return contractPnl({
      side: view.side,
      openPrice: view.openPrice,
      closePrice: marketFill(view.side, false, tick.price, view.terms.spread),
      lots: view.lots,
      contractSize: view.terms.contractSize,
      moneyDivisor,
    });
  }

  /** Puts a position's (or pending order's) triggers on its instrument's book. */
  function arm(row: PositionRow): void {
    const book = bookOf(row.instrumentId);
    disarm(row.instrumentId, row.id);
    if (row.status === 'open') {
      for (const trigger of positionTriggers(positionView(row), moneyDivisor)) book.add(trigger);
    } else if (row.status === 'pending' && row.limitPrice !== null) {
      book.add(
        limitTrigger({
          id: row.id,
          side: sideOf(row.side),
          limitPrice: BigInt(row.limitPrice),
          spread: termsFromJson(row.terms).spread,
        }),
      );
    }
  }

  function disarm(instrumentId: number, id: bigint): void {
    const book = bookOf(instrumentId);
    for (const kind of [
      'take_profit',
      'stop_loss',
      'liquidation',
      'max_profit',
      'limit',
    ] satisfies TriggerKind[]) {
      book.remove(`${id}:${kind}`);
    }
  }

  async function inTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    try {
      return await db.transaction((tx) => work(tx as unknown as Database));
    } catch (error) {
      throw userFacingLedgerError(error);
    }
  }

  async function sideInterest(tx: Database | null, instrumentId: number) {
    const pool = await systemAccountBalance(tx ?? db, {
      system: contractsPool,
      currencyId: settlementCurrencyId,
    });
    const interest = await repository.openInterest(tx ?? db, instrumentId);
    const capPpm = BigInt(termsOf(instrumentId).row.sideCapPpm);
    const cap = openInterestCap(pool.balance, capPpm);
    const used = (side: number) => interest.find((entry) => entry.side === side)?.notional ?? 0n;
    return { pool, cap, long: used(1), short: used(2) };
  }

  function instrumentView(
    instrument: Instrument,
    interest: { cap: bigint; long: bigint; short: bigint },
  ): ContractInstrument {
    const loaded = termsOf(instrument.id);
    const tick = reference(instrument.id);
    const now = clock.now().getTime();
    const state = session(instrument, now);
    return {
      currency_id: instrument.id,
      legal_id: settlementCurrencyId,
      symbol: instrument.symbol,
      kind: instrument.kind,
      lever_share_num: price(loaded.terms.contractSize),
      lever_trade_fee: percentOf(loaded.terms.openFeePpm),
      close_fee: percentOf(loaded.terms.closeFeePpm),
      spread: price(loaded.terms.spread),
      multiples: [...loaded.multiples],
      overnight_fee: percentOf(loaded.terms.overnightPpm),
      overnight_time: overnightTimeText,
      maintenance: percentOf(loaded.terms.maintenancePpm),
      liquidation_fee: percentOf(loaded.terms.liquidationFeePpm),
      max_profit: percentOf(loaded.terms.maxMovePpm),
      reference: tick ? { price: price(tick.price), tick_id: tick.id.toString(), time: tick.time } : null,
      side_cap: percentOf(BigInt(loaded.row.sideCapPpm)),
      max_tick_age: Math.round(loaded.row.maxTickAgeMs / 1000),
      fresh: tick !== null && now - tick.time <= loaded.row.maxTickAgeMs,
      session: { open: state.open, next_open: state.nextOpen, hours: instrument.trading_hours },
      long: { used: money(interest.long), cap: money(interest.cap) },
      short: { used: money(interest.short), cap: money(interest.cap) },
    };
  }

  async function toWire(rows: readonly PositionRow[]): Promise<ContractPosition[]> {
    const closes = new Map(
      (
        await repository.closeSettlements(
          db,
          rows.filter((row) => row.status === 'closed').map((row) => row.id),
        )
      ).map((settlement) => [settlement.positionId, settlement]),
    );
    return rows.map((row) => {
      const instrument = market.instruments().find((candidate) => candidate.id === row.instrumentId);
      const view = positionView(row);
      const tick = reference(row.instrumentId);
      const pnl = unrealised(row);
      const close = closes.get(row.id);
      const liquidation =
        row.status === 'open'
          ? (positionTriggers(view, moneyDivisor).find((trigger) => trigger.payload.kind === 'liquidation')
              ?.price ?? null)
          : null;
      return {
        id: row.id.toString(),
        symbol: instrument?.symbol ?? String(row.instrumentId),
        currency_id: row.instrumentId,
        legal_id: row.currencyId,
        type: sideNumber(view.side),
        status: row.status,
        order_type: row.orderType === 1 ? 1 : 0,
        share: row.lots,
        multiple: row.multiple,
        target_price: row.limitPrice === null ? null : price(BigInt(row.limitPrice)),
        open_price: row.openPrice === null ? null : price(BigInt(row.openPrice)),
        open_tick_id: row.openTickId === null ? null : row.openTickId.toString(),
        current_price: tick ? price(tick.price) : null,
        notional: money(BigInt(row.notional)),
        margin: money(BigInt(row.margin)),
        fee: money(BigInt(row.openFee)),
        target_profit_price: view.takeProfit === null ? null : price(view.takeProfit),
        stop_loss_price: view.stopLoss === null ? null : price(view.stopLoss),
        overnight_fee: money(BigInt(row.overnightTotal)),
        liquidation_price: liquidation === null ? null : price(liquidation),
        profit: pnl === null ? null : money(pnl),
        risk_rate: pnl === null ? null : percentOf(riskRatePpm(view.margin, pnl)),
        created_time: row.createdAt.getTime(),
        open_time: row.openedAt ? row.openedAt.getTime() : null,
        close:
          close && close.kind !== 'overnight'
            ? {
                reason: close.kind,
                reference_price: close.inputs.reference_price ?? '0',
                price: close.outcome.close_price ?? '0',
                tick_id: close.tickId?.toString() ?? '',
                profit: close.outcome.profit ?? '0',
                fee: close.outcome.close_fee ?? '0',
                time: close.settledAt.getTime(),
              }
            : null,
      };
    });
  }

  function receiptOf(row: repository.SettlementRow): ContractReceipt {
    return {
      id: row.id.toString(),
      position_id: row.positionId.toString(),
      kind: row.kind,
      day: row.day,
      tick_id: row.tickId === null ? null : row.tickId.toString(),
      inputs: row.inputs,
      outcome: row.outcome,
      settled_at: row.settledAt.getTime(),
    };
  }

  async function account(userId: number) {
    const balances = await userAccountBalances(db, userId);
    const lever = balances.find(
      (entry) => entry.currencyId === settlementCurrencyId && entry.kind === userAccountKinds.lever,
    );
    const open = await repository.userOpenPositions(db, userId);
    let pnl = 0n;
    let margin = 0n;
    for (const row of open) {
      pnl += unrealised(row) ?? 0n;
      margin += BigInt(row.margin);
    }
    const balance = lever?.balance ?? 0n;
    const held = lever?.held ?? 0n;
    return {
      currency_id: settlementCurrencyId,
      balance: money(balance),
      available: money(balance - held),
      frozen: money(held),
      unrealised: money(pnl),
      risk_rate: margin > 0n ? percentOf(riskRatePpm(margin, pnl)) : null,
    };
  }

  function lotsOf(text: string): bigint {
    if (!/^\d{1,6}$/.test(text) || BigInt(text) < 1n) throw contractsError('lots_invalid');
    return BigInt(text);
  }

  function priceOf(text: string | undefined): bigint | null {
    if (text === undefined) return null;
    const units = priceUnits(text);
    if (units === null || units <= 0n) throw contractsError('price_invalid');
    return units;
  }

  function stopsError(error: ReturnType<typeof checkStops>): void {
    if (error) throw contractsError(error);
  }

  /** Percent text with up to 4 decimals as ppm, within [0, max]; null when not such text. */
  function ppmOf(text: string, maxPpm: bigint): bigint | null {
    const match = /^(\d{1,5})(?:\.(\d{1,4}))?$/.exec(text.trim());
    if (!match) return null;
    const ppm = BigInt(match[1] as string) * 10_000n + BigInt((match[2] ?? '').padEnd(4, '0'));
    return ppm <= maxPpm ? ppm : null;
  }

  /** A staff change's terms, or `terms_invalid` (nothing is written). */
  function validTerms(body: AdminContractTermsBody) {
    const invalid = () => contractsError('terms_invalid');
    const contractSize = priceUnits(body.contract_size);
    const spread = priceUnits(body.spread);
    const parts = body.multiples.split(',').filter((part) => part.trim() !== '');
    const multiples = parseMultiples(body.multiples);
    const fee = (text: string) => ppmOf(text, 100_000n);
    const openFee = fee(body.lever_trade_fee);
    const closeFee = fee(body.close_fee);
    const liquidationFee = fee(body.liquidation_fee);
    const overnight = ppmOf(body.overnight_fee, 10_000n);
    const maintenance = ppmOf(body.maintenance, 999_999n);
    const maxMove = ppmOf(body.max_profit, 10_000_000n);
    const sideCap = ppmOf(body.side_cap, ppmOne);
    const largest = multiples[multiples.length - 1] ?? 0;
    if (
      contractSize === null ||
      contractSize <= 0n ||
      spread === null ||
      multiples.length === 0 ||
      multiples.length !== parts.length ||
      largest > 1000 ||
      openFee === null ||
      closeFee === null ||
      liquidationFee === null ||
      overnight === null ||
      maintenance === null ||
      maintenance <= 0n ||
      // At the largest multiple the margin (1/multiple of the notional) must exceed the maintenance.
      maintenance * BigInt(largest) >= ppmOne ||
      maxMove === null ||
      maxMove <= 0n ||
      sideCap === null ||
      body.max_tick_age > 3600
    ) {
      throw invalid();
    }
    return {
      contractSize: contractSize.toString(),
      multiples: multiples.join(','),
      spread: spread.toString(),
      openFeePpm: Number(openFee),
      closeFeePpm: Number(closeFee),
      overnightPpm: Number(overnight),
      maintenancePpm: Number(maintenance),
      liquidationFeePpm: Number(liquidationFee),
      maxMovePpm: Number(maxMove),
      sideCapPpm: Number(sideCap),
      maxTickAgeMs: body.max_tick_age * 1000,
    };
  }

  function termsAuditView(row: TermsRow) {
    return {
      contract_size: price(BigInt(row.contractSize)),
      multiples: row.multiples,
      spread: price(BigInt(row.spread)),
      open_fee_ppm: row.openFeePpm,
      close_fee_ppm: row.closeFeePpm,
      overnight_ppm: row.overnightPpm,
      maintenance_ppm: row.maintenancePpm,
      liquidation_fee_ppm: row.liquidationFeePpm,
      max_move_ppm: row.maxMovePpm,
      side_cap_ppm: row.sideCapPpm,
      max_tick_age_ms: row.maxTickAgeMs,
    };
  }

  // ---- settlement (users' closes and the trigger engine share it) ----

  async function settleInTx(
    tx: Database,
    row: PositionRow,
    reason: ContractCloseReason,
    tick: TickInput,
    idempotencyKey: string | undefined,
  ): Promise<repository.SettlementRow> {
    const view = positionView(row);
    invariant(
      row.marginHoldId !== null && row.exposureHoldId !== null,
      `open position ${row.id} has its holds`,
    );
    const inputs = closeReceiptInputs({
      side: view.side,
      lots: view.lots,
      openPrice: view.openPrice,
      margin: view.margin,
      exposure: view.exposure,
      referencePrice: tick.price,
      tickId: tick.id.toString(),
      reason,
      terms: view.terms,
      moneyScale,
    });
    const outcome = settleContract({
      ...view,
      referencePrice: tick.price,
      reason,
      moneyDivisor,
    });
    const user = { userId: row.userId, currencyId: row.currencyId, kind: userAccountKinds.lever };
    const pool = { system: contractsPool, currencyId: row.currencyId } as const;
    const fees = { system: 'fees', currencyId: row.currencyId } as const;
    const insurance = { system: 'insurance', currencyId: row.currencyId } as const;
    const reference = (part: string) => `contracts:close:${row.id}:${part}`;
    const memo = { position: row.id.toString(), reason };
    const ops: LedgerOp[] = [];
    if (outcome.userToPool > 0n) {
      ops.push({
        type: 'post_hold',
        holdId: row.marginHoldId,
        amount: outcome.userToPool,
        close: true,
        entry: {
          kind: 'contract_pnl',
          userId: row.userId,
          reference: reference('loss'),
          tickId: tick.id,
          memo,
          ...(idempotencyKey ? { idempotencyKey } : {}),
          legs: [
            { account: user, amount: -outcome.userToPool },
            { account: pool, amount: outcome.userToPool },
          ],
        },
      });
    } else {
      ops.push({ type: 'release', holdId: row.marginHoldId });
    }
    if (outcome.poolToUser > 0n) {
      ops.push({
        type: 'post_hold',
        holdId: row.exposureHoldId,
        amount: outcome.poolToUser,
        close: true,
        entry: {
          kind: 'contract_pnl',
          userId: row.userId,
          reference: reference('profit'),
          tickId: tick.id,
          memo,
          ...(idempotencyKey ? { idempotencyKey } : {}),
          legs: [
            { account: pool, amount: -outcome.poolToUser },
            { account: user, amount: outcome.poolToUser },
          ],
        },
      });
    } else {
      ops.push({ type: 'release', holdId: row.exposureHoldId });
    }
    if (outcome.userToFees > 0n) {
      ops.push({
        type: 'transfer',
        entry: {
          kind: 'contract_fee',
          userId: row.userId,
          reference: reference('fee'),
          tickId: tick.id,
          memo,
          legs: [
            { account: user, amount: -outcome.userToFees },
            { account: fees, amount: outcome.userToFees },
          ],
        },
      });
    }
    if (outcome.userToInsurance > 0n) {
      ops.push({
        type: 'transfer',
        entry: {
          kind: 'contract_liquidation',
          userId: row.userId,
          reference: reference('liquidation-fee'),
          tickId: tick.id,
          memo,
          legs: [
            { account: user, amount: -outcome.userToInsurance },
            { account: insurance, amount: outcome.userToInsurance },
          ],
        },
      });
    }
    if (outcome.insuranceToPool > 0n) {
      ops.push({
        type: 'transfer',
        entry: {
          kind: 'contract_liquidation',
          userId: null,
          reference: reference('insurance'),
          tickId: tick.id,
          memo,
          legs: [
            { account: insurance, amount: -outcome.insuranceToPool },
            { account: pool, amount: outcome.insuranceToPool },
          ],
        },
      });
    }
    await ledger.apply(tx, ops, clock.now());
    const recomputed = recomputeContractReceipt(reason, inputs);
    invariant(recomputed.returned === money(outcome.returned), `receipt of position ${row.id} recomputes`);
    const settlement = await repository.insertSettlement(tx, {
      positionId: row.id,
      userId: row.userId,
      kind: reason,
      day: null,
      tickId: tick.id,
      inputs,
      outcome: recomputed,
      settledAt: clock.now(),
    });
    await repository.updatePosition(tx, row.id, { status: 'closed', closedAt: clock.now() });
    return settlement;
  }

  /** Opens a pending limit at its limit price on the tick that reached it; refused by the pool: cancelled. */
  async function fillLimit(positionId: bigint, tick: TickInput): Promise<void> {
    const filled = await db
      .transaction(async (raw) => {
        const tx = raw as unknown as Database;
        const row = await repository.lockPosition(tx, positionId);
        if (row?.status !== 'pending' || row.limitPrice === null || row.orderHoldId === null) return null;
        // A tick recorded before the order existed (a restart replaying ticks) never fills it.
        if (row.createdAt.getTime() > tick.time) {
          stillWaiting.push(row);
          return null;
        }
        const openFee = BigInt(row.openFee);
        const exposure = BigInt(row.exposure);
        const result = await ledger.apply(
          tx,
          [
            ...(openFee > 0n
              ? [
                  {
                    type: 'post_hold' as const,
                    holdId: row.orderHoldId,
                    amount: openFee,
                    close: false,
                    entry: {
                      kind: 'contract_fee' as const,
                      userId: row.userId,
                      reference: `contracts:open:${row.id}:fee`,
                      tickId: tick.id,
                      memo: { position: row.id.toString() },
                      legs: [
                        {
                          account: {
                            userId: row.userId,
                            currencyId: row.currencyId,
                            kind: userAccountKinds.lever,
                          },
                          amount: -openFee,
                        },
                        { account: { system: 'fees' as const, currencyId: row.currencyId }, amount: openFee },
                      ],
                    },
                  },
                ]
              : []),
            {
              type: 'hold',
              account: { system: contractsPool, currencyId: row.currencyId },
              amount: exposure,
              capPpm: poolReserveCapPpm,
              reason: 'contract exposure',
              reference: `contracts:exposure:${row.id}`,
            },
          ],
          clock.now(),
        );
        const exposureHoldId = result.holdIds[result.holdIds.length - 1] ?? null;
        await repository.updatePosition(tx, row.id, {
          status: 'open',
          openPrice: row.limitPrice,
          openReference: tick.price.toString(),
          openTickId: tick.id,
          openedAt: clock.now(),
          marginHoldId: row.orderHoldId,
          exposureHoldId,
        });
        return repository.findPosition(tx, row.id);
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof LedgerRefused) || error.reason !== 'pool_exhausted') throw error;
        // The pool cannot carry it now: the order is cancelled and its hold released.
        await cancelInternal(positionId);
        return null;
      });
    if (filled) {
      arm(filled);
      changed(filled);
    }
  }

  async function cancelInternal(positionId: bigint): Promise<PositionRow | null> {
    const row = await db.transaction(async (raw) => {
      const tx = raw as unknown as Database;
      const locked = await repository.lockPosition(tx, positionId);
      if (locked?.status !== 'pending') return null;
      if (locked.orderHoldId !== null)
        await ledger.apply(tx, [{ type: 'release', holdId: locked.orderHoldId }], clock.now());
      await repository.updatePosition(tx, locked.id, { status: 'cancelled', closedAt: clock.now() });
      return repository.findPosition(tx, locked.id);
    });
    if (row) {
      disarm(row.instrumentId, row.id);
      changed(row);
    }
    return row;
  }

  /** Settles a position the engine's triggers reached; nothing if it is no longer open. */
  async function settleTriggered(
    positionId: bigint,
    reason: ContractCloseReason,
    tick: TickInput,
  ): Promise<void> {
    const settled = await db.transaction(async (raw) => {
      const tx = raw as unknown as Database;
      const row = await repository.lockPosition(tx, positionId);
      if (row?.status !== 'open') return null;
      // A tick at or before the one the position opened at (a restart replaying ticks) never closes it.
      if (row.openTickId !== null && tick.id <= row.openTickId) {
        stillWaiting.push(row);
        return null;
      }
      await settleInTx(tx, row, reason, tick, undefined);
      return row;
    });
    if (settled) {
      disarm(settled.instrumentId, settled.id);
      changed({ ...settled, status: 'closed' });
    }
  }

  /** Positions and orders a replayed tick reached before they existed: their triggers go back. */
  const stillWaiting: PositionRow[] = [];

  /** One tick of one instrument: fire what it reaches, in the book's order, one settlement at a time. */
  async function evaluate(instrumentId: number, tick: TickInput): Promise<void> {
    const instrument = contractInstruments().find((candidate) => candidate.id === instrumentId);
    if (!instrument) return;
    // Outside a stock's session nothing fires; triggers wait for the next session's first tick.
    if (!session(instrument, tick.time).open) return;
    const fired = bookOf(instrumentId).fire(tick.price);
    const byPosition = new Map<bigint, TriggerKind[]>();
    for (const trigger of fired) {
      const kinds = byPosition.get(trigger.payload.positionId) ?? [];
      kinds.push(trigger.payload.kind);
      byPosition.set(trigger.payload.positionId, kinds);
    }
    for (const [positionId, kinds] of byPosition) {
      try {
        if (kinds.includes('limit')) await fillLimit(positionId, tick);
        else {
          const reason = winningReason(kinds);
          if (reason) await settleTriggered(positionId, reason, tick);
        }
      } catch (error) {
        if (error instanceof InvariantError || error instanceof LedgerRefused) {
          await halts.halt(contractsHaltScope, error.message, {
            position: positionId.toString(),
            tick: tick.id.toString(),
          });
        }
        logger.error({ err: error, position: positionId.toString() }, 'a contract trigger could not settle');
        // Its triggers go back on the book: the next tick tries again.
        const row = await repository.findPosition(db, positionId);
        if (row) arm(row);
      }
    }
    for (const row of stillWaiting.splice(0)) arm(row);
    // The cursor moves while anything waits on this instrument (an empty book has nothing to replay).
    if (bookOf(instrumentId).size > 0 || fired.length > 0)
      await repository.saveCursor(db, instrumentId, tick.id);
  }

  function enqueue(instrumentId: number, tick: TickInput): Promise<void> {
    const seen = lastSeen.get(instrumentId);
    if (seen !== undefined && tick.id <= seen) return queues.get(instrumentId) ?? Promise.resolve();
    lastSeen.set(instrumentId, tick.id);
    const next = (queues.get(instrumentId) ?? Promise.resolve())
      .then(() => (stopped ? undefined : evaluate(instrumentId, tick)))
      .catch((error: unknown) =>
        logger.error({ err: error, instrumentId }, 'contract triggers failed on a tick'),
      );
    queues.set(instrumentId, next);
    return next;
  }

  /** After a restart: the ticks recorded since each instrument's cursor, in order. */
  async function catchUp(active: readonly PositionRow[]): Promise<void> {
    const saved = await repository.cursors(db);
    for (const instrument of contractInstruments()) {
      const book = books.get(instrument.id);
      // No cursor yet (nothing was evaluated since its first position): from its oldest open tick.
      const opened = active
        .filter((row) => row.instrumentId === instrument.id && row.openTickId !== null)
        .map((row) => row.openTickId as bigint);
      let after =
        saved.get(instrument.id) ??
        (opened.length > 0 ? opened.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[0] : undefined);
      if (!book || book.size === 0 || after === undefined) continue;
      while (true) {
        const ticks = await market.ticksAfter(instrument.id, after, catchUpTicksPerPass);
        for (const tick of ticks) {
          const units = priceUnits(tick.price);
          if (units !== null) await enqueue(instrument.id, { id: tick.id, price: units, time: tick.time });
          after = tick.id;
        }
        if (ticks.length < catchUpTicksPerPass) break;
      }
    }
  }

  // ---- overnight fees ----

  async function chargeOvernight(tx: Database, dueAt: Date): Promise<bigint[]> {
    const day = overnightDay(dueAt);
    const rows = (await repository.activePositions(tx)).filter(
      (row) => row.status === 'open' && row.openedAt !== null && row.openedAt.getTime() < dueAt.getTime(),
    );
    const charged: bigint[] = [];
    for (const listed of rows) {
      const row = await repository.lockPosition(tx, listed.id);
      if (row?.status !== 'open' || row.marginHoldId === null) continue;
      const view = positionView(row);
      const notional = BigInt(row.notional);
      const fee = overnightFee(notional, view.terms.overnightPpm, view.margin);
      const inputs = overnightReceiptInputs({
        day,
        notional,
        overnightPpm: view.terms.overnightPpm,
        marginBefore: view.margin,
        moneyScale,
      });
      if (fee > 0n) {
        await ledger.apply(
          tx,
          [
            {
              type: 'post_hold',
              holdId: row.marginHoldId,
              amount: fee,
              close: false,
              entry: {
                kind: 'contract_overnight',
                userId: row.userId,
                reference: `contracts:overnight:${row.id}:${day}`,
                memo: { position: row.id.toString(), day },
                legs: [
                  {
                    account: { userId: row.userId, currencyId: row.currencyId, kind: userAccountKinds.lever },
                    amount: -fee,
                  },
                  { account: { system: 'fees', currencyId: row.currencyId }, amount: fee },
                ],
              },
            },
          ],
          dueAt,
        );
      }
      await repository.insertSettlement(tx, {
        positionId: row.id,
        userId: row.userId,
        kind: 'overnight',
        day,
        tickId: null,
        inputs,
        outcome: recomputeContractReceipt('overnight', inputs),
        settledAt: clock.now(),
      });
      await repository.updatePosition(tx, row.id, {
        margin: (view.margin - fee).toString(),
        overnightTotal: (BigInt(row.overnightTotal) + fee).toString(),
      });
      charged.push(row.id);
    }
    return charged;
  }

  scheduler.handle(overnightWorkKind, async (tx, work) => {
    const charged = await chargeOvernight(tx, work.dueAt);
    const next = nextOvernightAt(work.dueAt);
    await scheduler.schedule(tx, { kind: overnightWorkKind, key: overnightDay(next), dueAt: next });
    // The margins changed: the liquidation triggers move (after the commit, from the stored rows).
    setImmediate(() => {
      void (async () => {
        for (const id of charged) {
          const row = await repository.findPosition(db, id);
          if (row) {
            arm(row);
            changed(row);
          }
        }
      })().catch((error: unknown) => logger.error({ err: error }, 'rearming after overnight fees failed'));
    });
    return { done: true };
  });

  // ---- seeding ----

  async function seedTerms(): Promise<void> {
    const now = clock.now();
    const rows = contractInstruments().map((instrument) => {
      const tick = reference(instrument.id);
      const seed = defaultTerms(instrument.kind, tick?.price ?? null);
      const tickUnits = priceUnits(instrument.tick_size) ?? 1n;
      const spreadRaw = tick ? (tick.price * seed.spreadPpm) / ppmOne : tickUnits;
      const spread = spreadRaw < tickUnits ? tickUnits : (spreadRaw / tickUnits) * tickUnits;
      return {
        instrumentId: instrument.id,
        currencyId: settlementCurrencyId,
        contractSize: (priceUnits(seed.contractSize) ?? 100_000_000n).toString(),
        multiples: seed.multiples,
        spread: spread.toString(),
        openFeePpm: seed.openFeePpm,
        closeFeePpm: seed.closeFeePpm,
        overnightPpm: seed.overnightPpm,
        maintenancePpm: seed.maintenancePpm,
        liquidationFeePpm: seed.liquidationFeePpm,
        maxMovePpm: seed.maxMovePpm,
        sideCapPpm: seed.sideCapPpm,
        updatedAt: now,
      };
    });
    await repository.insertTermsIfMissing(db, rows);
  }

  async function loadTerms(): Promise<void> {
    terms.clear();
    for (const row of await repository.listTerms(db)) {
      terms.set(row.instrumentId, { row, terms: termsOfRow(row), multiples: parseMultiples(row.multiples) });
    }
  }

  /** The pool and the insurance account are funded from `house` once (a recorded entry each). */
  async function fundOnce(): Promise<void> {
    for (const [system, units] of [
      [contractsPool, poolSeedUnits],
      ['insurance', poolSeedUnits / 20n],
    ] as const) {
      try {
        await db.transaction(async (tx) => {
          await ledger.apply(
            tx as unknown as Database,
            [
              {
                type: 'transfer',
                entry: {
                  kind: 'contract_pool_funding',
                  userId: null,
                  reference: `contracts:funding:${system}:${settlementCurrencyId}`,
                  legs: [
                    { account: { system: 'house', currencyId: settlementCurrencyId }, amount: -units },
                    { account: { system, currencyId: settlementCurrencyId }, amount: units },
                  ],
                },
              },
            ],
            clock.now(),
          );
        });
      } catch (error) {
        if (!(error instanceof LedgerRefused && error.reason === 'duplicate_event')) throw error;
      }
    }
  }

  return {
    async init(): Promise<void> {
      const currency = (await listCurrencies(db)).find((entry) => entry.id === settlementCurrencyId);
      invariant(currency, 'the settlement currency exists');
      moneyScale = currency.scale;
      moneyDivisor = contractMoneyDivisor(moneyScale);
      await seedTerms();
      await loadTerms();
      await fundOnce();
      const active = await repository.activePositions(db);
      for (const row of active) arm(row);
      const first = nextOvernightAt(clock.now());
      await db.transaction(async (tx) => {
        await scheduler.schedule(tx as unknown as Database, {
          kind: overnightWorkKind,
          key: overnightDay(first),
          dueAt: first,
        });
      });
      market.onQuotes((quotes) => {
        for (const quote of quotes) {
          const instrument = market.instrumentBySymbol(quote.symbol);
          if (!instrument || !terms.has(instrument.id)) continue;
          const units = priceUnits(quote.last);
          if (units === null) continue;
          void enqueue(instrument.id, { id: BigInt(quote.tick_id), price: units, time: quote.time });
        }
      });
      await catchUp(active);
      logger.info({ instruments: terms.size }, 'contracts ready');
    },

    /** Listens for changes of users' positions, after each commit; returns the unsubscribe. */
    onChanged(listener: (change: ContractChange) => void): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },

    /** Waits until every tick handed to the engine so far has been evaluated (tests). */
    async idle(): Promise<void> {
      await Promise.all([...queues.values()]);
    },

    async stop(): Promise<void> {
      stopped = true;
      await Promise.all([...queues.values()]);
    },

    async instruments(): Promise<ContractInstrument[]> {
      const list: ContractInstrument[] = [];
      for (const instrument of contractInstruments()) {
        if (!terms.has(instrument.id)) continue;
        list.push(instrumentView(instrument, await sideInterest(null, instrument.id)));
      }
      return list;
    },

    async deal(userId: number | null, instrumentId: number) {
      const instrument = instrumentOf(instrumentId);
      const view = instrumentView(instrument, await sideInterest(null, instrumentId));
      if (userId === null) return { instrument: view, account: null, positions: [] };
      const { rows } = await repository.userPositions(db, {
        userId,
        statuses: ['open', 'pending'],
        instrumentId,
        page: 1,
        pageSize: 50,
      });
      return { instrument: view, account: await account(userId), positions: await toWire(rows) };
    },

    async submit(input: SubmitInput): Promise<ContractPosition> {
      halts.assertOpen(contractsHaltScope);
      const instrument = instrumentOf(input.instrumentId);
      if (instrument.status !== 'trading') throw contractsError('instrument_not_found');
      const loaded = termsOf(instrument.id);
      const lots = lotsOf(input.share);
      if (!loaded.multiples.includes(input.multiple)) throw contractsError('multiple_not_offered');
      const side = sideOf(input.side);
      const limit = input.orderType === 1 ? priceOf(input.limitPrice) : null;
      if (input.orderType === 1 && limit === null) throw contractsError('price_invalid');
      const takeProfit = priceOf(input.takeProfit);
      const stopLoss = priceOf(input.stopLoss);
      if (input.orderType === 0 && !session(instrument, clock.now().getTime()).open) {
        throw contractsError('session_closed');
      }
      const tick = input.orderType === 0 ? freshReference(instrument.id) : reference(instrument.id);
      if (!tick) throw contractsError('price_unavailable');
      const openPrice = limit ?? marketFill(side, true, tick.price, loaded.terms.spread);
      const quote = quoteOpen({
        side,
        price: openPrice,
        lots,
        multiple: BigInt(input.multiple),
        terms: loaded.terms,
        moneyDivisor,
      });
      stopsError(
        checkStops({
          side,
          // Stops are closing prices: compared with what closing now would fill at.
          referencePrice: limit ?? marketFill(side, false, tick.price, loaded.terms.spread),
          liquidationPrice: marketFill(side, false, quote.liquidationPrice, loaded.terms.spread),
          takeProfit,
          stopLoss,
        }),
      );
      const userId = input.userId;
      const now = clock.now();
      const row = await inTransaction(async (tx) => {
        if (input.idempotencyKey !== undefined) {
          const earlier = await repository.findByIdempotencyKey(tx, userId, input.idempotencyKey);
          if (earlier) return earlier;
        }
        await repository.lockSide(tx, instrument.id, sideNumber(side));
        // Without a cursor a restart would not know where to replay this instrument's ticks from.
        await repository.initCursor(tx, instrument.id, tick.id);
        const interest = await sideInterest(tx, instrument.id);
        if (
          !fitsOpenInterest({
            openNotional: side === 'long' ? interest.long : interest.short,
            addNotional: quote.notional,
            cap: interest.cap,
          })
        ) {
          throw contractsError('open_interest_cap');
        }
        const id = await repository.insertPosition(tx, {
          userId,
          instrumentId: instrument.id,
          currencyId: settlementCurrencyId,
          side: sideNumber(side),
          orderType: input.orderType,
          status: limit === null ? 'open' : 'pending',
          lots: Number(lots),
          multiple: input.multiple,
          limitPrice: limit?.toString() ?? null,
          terms: termsToJson(loaded.terms),
          openPrice: limit === null ? openPrice.toString() : null,
          openReference: limit === null ? tick.price.toString() : null,
          openTickId: limit === null ? tick.id : null,
          notional: quote.notional.toString(),
          initialMargin: quote.margin.toString(),
          margin: quote.margin.toString(),
          openFee: quote.openFee.toString(),
          exposure: quote.exposure.toString(),
          maintenance: quote.maintenance.toString(),
          takeProfit: takeProfit?.toString() ?? null,
          stopLoss: stopLoss?.toString() ?? null,
          createdAt: now,
          openedAt: limit === null ? now : null,
          idempotencyKey: input.idempotencyKey ?? null,
        });
        const user = { userId, currencyId: settlementCurrencyId, kind: userAccountKinds.lever };
        if (limit !== null) {
          const result = await ledger.apply(
            tx,
            [
              {
                type: 'hold',
                account: user,
                amount: quote.cost,
                reason: 'contract order',
                reference: `contracts:order:${id}`,
              },
            ],
            now,
          );
          await repository.updatePosition(tx, id, { orderHoldId: result.holdIds[0] ?? null });
        } else {
          const ops: LedgerOp[] = [
            {
              type: 'hold',
              account: user,
              amount: quote.margin,
              reason: 'contract margin',
              reference: `contracts:margin:${id}`,
            },
            {
              type: 'hold',
              account: { system: contractsPool, currencyId: settlementCurrencyId },
              amount: quote.exposure,
              capPpm: poolReserveCapPpm,
              reason: 'contract exposure',
              reference: `contracts:exposure:${id}`,
            },
          ];
          if (quote.openFee > 0n) {
            ops.push({
              type: 'transfer',
              entry: {
                kind: 'contract_fee',
                userId,
                reference: `contracts:open:${id}:fee`,
                tickId: tick.id,
                memo: { position: id.toString() },
                ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
                legs: [
                  { account: user, amount: -quote.openFee },
                  { account: { system: 'fees', currencyId: settlementCurrencyId }, amount: quote.openFee },
                ],
              },
            });
          }
          const result = await ledger.apply(tx, ops, now);
          await repository.updatePosition(tx, id, {
            marginHoldId: result.holdIds[0] ?? null,
            exposureHoldId: result.holdIds[1] ?? null,
          });
        }
        const stored = await repository.findPosition(tx, id);
        invariant(stored, 'the new position is stored');
        return stored;
      });
      arm(row);
      changed(row);
      const [wire] = await toWire([row]);
      invariant(wire, 'a position view');
      return wire;
    },

    async close(userId: number, id: number, idempotencyKey: string | undefined): Promise<ContractReceipt> {
      const existing = await repository.findPosition(db, BigInt(id));
      if (!existing || existing.userId !== userId) throw contractsError('position_not_found');
      if (existing.status !== 'open') {
        // A replay of a close that already happened answers its receipt.
        const [earlier] = await repository.closeSettlements(db, [existing.id]);
        if (earlier && idempotencyKey !== undefined) return receiptOf(earlier);
        throw contractsError('position_not_open');
      }
      const instrument = instrumentOf(existing.instrumentId);
      if (!session(instrument, clock.now().getTime()).open) throw contractsError('session_closed');
      const tick = freshReference(existing.instrumentId);
      const settlement = await inTransaction(async (tx) => {
        const row = await repository.lockPosition(tx, existing.id);
        if (row?.status !== 'open') throw contractsError('position_not_open');
        return settleInTx(tx, row, 'close', tick, idempotencyKey);
      });
      disarm(existing.instrumentId, existing.id);
      changed({ ...existing, status: 'closed' });
      return receiptOf(settlement);
    },

    async batchClose(userId: number, type: 0 | 1 | 2) {
      const open = (await repository.userOpenPositions(db, userId)).filter(
        (row) => type === 0 || row.side === type,
      );
      const receipts: ContractReceipt[] = [];
      for (const row of open) {
        const instrument = instrumentOf(row.instrumentId);
        if (!session(instrument, clock.now().getTime()).open) continue;
        const tick = reference(row.instrumentId);
        if (!tick || clock.now().getTime() - tick.time > maxTickAgeOf(row.instrumentId)) continue;
        const settlement = await inTransaction(async (tx) => {
          const locked = await repository.lockPosition(tx, row.id);
          if (locked?.status !== 'open') return null;
          return settleInTx(tx, locked, 'close', tick, undefined);
        });
        if (settlement) {
          disarm(row.instrumentId, row.id);
          changed({ ...row, status: 'closed' });
          receipts.push(receiptOf(settlement));
        }
      }
      return { closed: receipts.length, receipts };
    },

    async setStop(
      userId: number,
      id: number,
      takeProfitText: string | undefined,
      stopLossText: string | undefined,
    ) {
      const takeProfit = priceOf(takeProfitText);
      const stopLoss = priceOf(stopLossText);
      const row = await inTransaction(async (tx) => {
        const locked = await repository.lockPosition(tx, BigInt(id));
        if (!locked || locked.userId !== userId) throw contractsError('position_not_found');
        if (locked.status !== 'open' && locked.status !== 'pending')
          throw contractsError('position_not_open');
        const view = positionView(locked);
        const tick = reference(locked.instrumentId);
        if (!tick) throw contractsError('price_unavailable');
        // A pending order has no liquidation price yet: only the sides are checked.
        const liquidation =
          locked.status === 'open'
            ? (positionTriggers(view, moneyDivisor).find((trigger) => trigger.payload.kind === 'liquidation')
                ?.price ?? 0n)
            : view.side === 'long'
              ? 0n
              : 2n ** 62n;
        stopsError(
          checkStops({
            side: view.side,
            referencePrice:
              locked.status === 'pending' && locked.limitPrice
                ? BigInt(locked.limitPrice)
                : marketFill(view.side, false, tick.price, view.terms.spread),
            liquidationPrice:
              locked.status === 'open'
                ? marketFill(view.side, false, liquidation, view.terms.spread)
                : liquidation,
            takeProfit,
            stopLoss,
          }),
        );
        await repository.updatePosition(tx, locked.id, {
          takeProfit: takeProfit?.toString() ?? null,
          stopLoss: stopLoss?.toString() ?? null,
        });
        return repository.findPosition(tx, locked.id);
      });
      invariant(row, 'the position exists');
      arm(row);
      changed(row);
      const [wire] = await toWire([row]);
      invariant(wire, 'a position view');
      return wire;
    },

    async cancel(userId: number, id: number): Promise<ContractPosition> {
      const existing = await repository.findPosition(db, BigInt(id));
      if (!existing || existing.userId !== userId) throw contractsError('position_not_found');
      const row = await cancelInternal(existing.id);
      if (!row) throw contractsError('order_not_pending');
      const [wire] = await toWire([row]);
      invariant(wire, 'a position view');
      return wire;
    },

    async list(
      userId: number,
      params: { instrumentId?: number | undefined; status: 1 | 2 | 3; page: number },
    ) {
      const statuses: PositionRow['status'][] =
        params.status === 1 ? ['pending'] : params.status === 2 ? ['open'] : ['closed', 'cancelled'];
      const { rows, total } = await repository.userPositions(db, {
        userId,
        statuses,
        instrumentId: params.instrumentId,
        page: params.page,
        pageSize,
      });
      return { list: await toWire(rows), page: params.page, total, account: await account(userId) };
    },

    async receipts(userId: number, id: number): Promise<ContractReceipt[]> {
      const row = await repository.findPosition(db, BigInt(id));
      if (!row || row.userId !== userId) throw contractsError('position_not_found');
      return (await repository.positionSettlements(db, row.id)).map(receiptOf);
    },

    async pool(): Promise<ContractPool> {
      const pool = await systemAccountBalance(db, {
        system: contractsPool,
        currencyId: settlementCurrencyId,
      });
      const insurance = await systemAccountBalance(db, {
        system: 'insurance',
        currencyId: settlementCurrencyId,
      });
      const interest = await repository.openInterest(db);
      return {
        currency_id: settlementCurrencyId,
        pool_balance: money(pool.balance),
        pool_reserved: money(pool.held),
        insurance_balance: money(insurance.balance),
        instruments: contractInstruments()
          .filter((instrument) => terms.has(instrument.id))
          .map((instrument) => {
            const cap = openInterestCap(pool.balance, BigInt(termsOf(instrument.id).row.sideCapPpm));
            const used = (side: number) =>
              interest.find((entry) => entry.instrumentId === instrument.id && entry.side === side)
                ?.notional ?? 0n;
            return {
              currency_id: instrument.id,
              symbol: instrument.symbol,
              long: { used: money(used(1)), cap: money(cap) },
              short: { used: money(used(2)), cap: money(cap) },
            };
          }),
      };
    },

    /**
     * Staff (admin) change an instrument's terms: validated, written with its audit entry in one
     * transaction, then every instrument's terms are re-read here (the one place terms load).
     * Positions and orders already placed keep the terms they copied when placed.
     */
    async saveTerms(actor: AuditActor, body: AdminContractTermsBody): Promise<ContractInstrument> {
      const instrument = instrumentOf(body.currency_id);
      const values = validTerms(body);
      await inTransaction(async (tx) => {
        const before = await repository.lockTerms(tx, instrument.id);
        if (!before) throw contractsError('instrument_not_found');
        const now = clock.now();
        await repository.updateTerms(tx, instrument.id, { ...values, updatedAt: now });
        const after = await repository.lockTerms(tx, instrument.id);
        await recordAudit(tx, {
          actor,
          action: 'contracts.terms_save',
          target: { type: 'contract_terms', id: instrument.id },
          before: termsAuditView(before),
          after: after && termsAuditView(after),
          at: now,
        });
      });
      await loadTerms();
      return instrumentView(instrument, await sideInterest(null, instrument.id));
    },

    async adminView() {
      return {
        pool: await this.pool(),
        instruments: await this.instruments(),
        open_positions: await repository.countOpen(db),
      };
    },
  };
}
