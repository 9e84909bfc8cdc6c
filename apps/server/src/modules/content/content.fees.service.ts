/**
 * Fees and limits for admins: spot fee rates per pair, withdrawal minimum and fee per currency,
 * and the 24-hour withdrawal limit per verification level. Each change and its audit entry commit
 * together. None reaches what already exists: a spot order keeps the rates its hold was sized with,
 * a withdrawal request stores its fee and the limit it was checked against.
 */
import type {
  AdminSpotFees,
  AdminSpotFeesUpdateBody,
  AdminWithdrawalFees,
  AdminWithdrawalFeeUpdateBody,
  AdminWithdrawalLimitUpdateBody,
} from '@fairex/contract';
import { fromScaledBigint, toScaledBigint } from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { type AuditActor, recordAudit } from '../audit';
import { listCurrencies, setWithdrawalTerms } from '../ledger';
import type { MarketService } from '../market';
import { parseFeeRate, rateText, type SpotExchange, setSpotFeeRates } from '../spot';
import { setWithdrawalLimit, withdrawalLimitsByLevel } from '../withdrawals';
import { contentError } from './content.errors';

/** Withdrawal limits are counted in BTC smallest units. */
const btcScale = 8;

export type ContentFeesServiceDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly market: () => MarketService;
  readonly spot: () => SpotExchange;
};

/** A non-negative decimal at `scale` in smallest units, or the catalogued error. */
function unitsAt(text: string, scale: number): bigint {
  const parsed = toScaledBigint(text, scale);
  if (!parsed.ok) throw contentError('amount_too_precise');
  if (parsed.value < 0n) throw contentError('instrument_rules_invalid');
  return parsed.value;
}

export function createContentFeesService(deps: ContentFeesServiceDeps) {
  const { db, clock } = deps;

  async function inTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction((transaction) => work(transaction as unknown as Database));
  }

  return {
    spotFees(): AdminSpotFees[] {
      const idOf = new Map(
        deps
          .market()
          .instruments()
          .map((instrument) => [instrument.symbol, instrument.id]),
      );
      return deps
        .spot()
        .marketsView()
        .map((pair) => ({
          instrument_id: idOf.get(pair.symbol) ?? 0,
          symbol: pair.symbol,
          maker_fee_rate: pair.maker_fee_rate,
          taker_fee_rate: pair.taker_fee_rate,
          price_band: pair.price_band,
          status: pair.status,
        }));
    },

    /** New rates for orders placed from now on; resting orders keep theirs. */
    async setSpotFees(actor: AuditActor, body: AdminSpotFeesUpdateBody): Promise<AdminSpotFees> {
      const maker = parseFeeRate(body.maker_fee_rate);
      const taker = parseFeeRate(body.taker_fee_rate);
      if (maker === null || taker === null) throw contentError('instrument_rules_invalid');
      const instrumentId = Number(body.instrument_id);
      const after = { maker_fee_rate: rateText(maker), taker_fee_rate: rateText(taker) };
      await inTransaction(async (tx) => {
        const before = await setSpotFeeRates(tx, {
          instrumentId,
          makerFeeRate: after.maker_fee_rate,
          takerFeeRate: after.taker_fee_rate,
        });
        if (!before) throw contentError('spot_market_not_found');
        await recordAudit(tx, {
          actor,
          action: 'fee.spot_update',
          target: { type: 'instrument', id: instrumentId },
          before: {
            maker_fee_rate: rateText(parseFeeRate(before.makerFeeRate) ?? 0n),
            taker_fee_rate: rateText(parseFeeRate(before.takerFeeRate) ?? 0n),
          },
          after,
          at: clock.now(),
        });
      });
      await deps.spot().reload();
      const view = this.spotFees().find((pair) => pair.instrument_id === instrumentId);
      if (!view) throw contentError('spot_market_not_found');
      return view;
    },

    async withdrawalTerms(): Promise<AdminWithdrawalFees> {
      const [currencies, limits] = await Promise.all([listCurrencies(db), withdrawalLimitsByLevel(db)]);
      return {
        currencies: currencies.map((currency) => ({
          currency_id: currency.id,
          code: currency.code,
          scale: currency.scale,
          withdraw_min: fromScaledBigint(currency.withdrawMin, currency.scale),
          withdraw_fee: fromScaledBigint(currency.withdrawFee, currency.scale),
        })),
        limits: [...limits]
          .sort(([a], [b]) => a - b)
          .map(([level, limit]) => ({ level, limit_btc: fromScaledBigint(limit, btcScale) })),
      };
    },

    /** A currency's withdrawal minimum and fee, for requests from now on. */
    async setWithdrawalFee(
      actor: AuditActor,
      body: AdminWithdrawalFeeUpdateBody,
    ): Promise<AdminWithdrawalFees> {
      const currencyId = Number(body.currency_id);
      const currency = (await listCurrencies(db)).find((candidate) => candidate.id === currencyId);
      if (!currency) throw contentError('currency_not_found');
      const withdrawMin = unitsAt(body.withdraw_min, currency.scale);
      const withdrawFee = unitsAt(body.withdraw_fee, currency.scale);
      const text = (units: bigint) => fromScaledBigint(units, currency.scale);
      await inTransaction(async (tx) => {
        const before = await setWithdrawalTerms(tx, { currencyId, withdrawMin, withdrawFee });
        if (!before) throw contentError('currency_not_found');
        await recordAudit(tx, {
          actor,
          action: 'fee.withdrawal_update',
          target: { type: 'currency', id: currencyId },
          before: {
            code: currency.code,
            withdraw_min: text(before.withdrawMin),
            withdraw_fee: text(before.withdrawFee),
          },
          after: { code: currency.code, withdraw_min: text(withdrawMin), withdraw_fee: text(withdrawFee) },
          at: clock.now(),
        });
      });
      return this.withdrawalTerms();
    },

    /** One verification level's rolling 24-hour limit in BTC equivalent, for new requests. */
    async setWithdrawalLimit(
      actor: AuditActor,
      body: AdminWithdrawalLimitUpdateBody,
    ): Promise<AdminWithdrawalFees> {
      const level = Number(body.level);
      const limitBtc = unitsAt(body.limit_btc, btcScale);
      const at = clock.now();
      await inTransaction(async (tx) => {
        const { before } = await setWithdrawalLimit(tx, { level, limitBtc, at });
        await recordAudit(tx, {
          actor,
          action: 'limit.withdrawal_update',
          target: { type: 'withdrawal_limit', id: level },
          before: before === null ? null : { level, limit_btc: fromScaledBigint(before, btcScale) },
          after: { level, limit_btc: fromScaledBigint(limitBtc, btcScale) },
          at,
        });
      });
      return this.withdrawalTerms();
    },
  };
}
