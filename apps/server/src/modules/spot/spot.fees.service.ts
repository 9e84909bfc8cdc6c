/**
 * Spot fee rates staff set (role admin): a pair's maker and taker rates for orders placed from
 * now on. The change and its audit entry commit together, then the pairs re-read their rules;
 * a resting order keeps the rates its hold was sized with.
 */
import type { AdminSpotFees, AdminSpotFeesUpdateBody } from '@fairex/contract';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { type AuditActor, recordAudit } from '../audit';
import { parseFeeRate, rateText } from './spot.domain';
import { spotError } from './spot.errors';
import { setSpotFeeRates } from './spot.repository';
import type { SpotExchange } from './spot.service';

export type SpotFees = ReturnType<typeof createSpotFeesService>;

export function createSpotFeesService(deps: {
  readonly db: Database;
  readonly clock: Clock;
  readonly spot: Pick<SpotExchange, 'marketsView' | 'markets' | 'reload'>;
}) {
  const { db, clock, spot } = deps;

  function spotFees(): AdminSpotFees[] {
    const idOf = new Map(spot.markets().map((pair) => [pair.symbol, pair.instrumentId]));
    return spot.marketsView().map((pair) => ({
      instrument_id: idOf.get(pair.symbol) ?? 0,
      symbol: pair.symbol,
      maker_fee_rate: pair.maker_fee_rate,
      taker_fee_rate: pair.taker_fee_rate,
      price_band: pair.price_band,
      status: pair.status,
    }));
  }

  return {
    spotFees,

    /** New rates for orders placed from now on; resting orders keep theirs. */
    async setFeeRates(actor: AuditActor, body: AdminSpotFeesUpdateBody): Promise<AdminSpotFees> {
      const maker = parseFeeRate(body.maker_fee_rate);
      const taker = parseFeeRate(body.taker_fee_rate);
      if (maker === null || taker === null) throw spotError('fee_rates_invalid');
      const instrumentId = Number(body.instrument_id);
      const after = { maker_fee_rate: rateText(maker), taker_fee_rate: rateText(taker) };
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const before = await setSpotFeeRates(tx, {
          instrumentId,
          makerFeeRate: after.maker_fee_rate,
          takerFeeRate: after.taker_fee_rate,
        });
        if (!before) throw spotError('pair_not_found');
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
      await spot.reload();
      const view = spotFees().find((pair) => pair.instrument_id === instrumentId);
      if (!view) throw spotError('pair_not_found');
      return view;
    },
  };
}
