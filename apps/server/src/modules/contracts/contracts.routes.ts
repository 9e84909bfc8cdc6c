import {
  adminContractTermsSaveRoute,
  contractsAdminRoute,
  leverBatchCloseRoute,
  leverCancelRoute,
  leverCloseRoute,
  leverDealAllRoute,
  leverDealRoute,
  leverInstrumentsRoute,
  leverMyTradeRoute,
  leverPoolRoute,
  leverReceiptsRoute,
  leverSetStopRoute,
  leverSubmitRoute,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../platform/http/contract-route';
import { requiredUserId, signedInUserId } from '../../platform/http/route-policy';
import { staffActorOf } from '../audit';
import type { ContractsService } from './contracts.service';

/**
 * The lever API (spec section 7, parameter names of client-contract.md). There is no route that
 * sets a price, a fill or an outcome: prices come from recorded ticks, outcomes from settleContract.
 */
export function contractsRoutes(contracts: ContractsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, { tags: ['contracts'] });

    route.get(
      leverInstrumentsRoute,
      {
        summary:
          'The contract instruments (perpetuals and stocks) with their terms, reference price and session',
        description:
          '`currency_id` is the instrument id and `legal_id` the settlement currency (USDT, 3): the pair ' +
          'every other lever call names. `lever_share_num` is the contract size per lot, `lever_trade_fee` ' +
          'the open fee in percent, `spread` what buying adds to the reference price and selling takes off. ' +
          '`long`/`short` show the open interest per side and its cap, sized from the pool.',
      },
      () => contracts.instruments(),
    );

    route.post(
      leverDealRoute,
      {
        summary:
          "One contract instrument's terms, and for a signed-in user the contract account and positions",
        description: 'Visitors get the terms with `account` null and no positions.',
      },
      (request) => contracts.deal(signedInUserId(request), request.body.currency_id),
    );

    route.post(
      leverSubmitRoute,
      {
        summary:
          'Open a long (type 1) or short (type 2): market (status 0) or limit (status 1 with target_price)',
        description:
          'Margin = price x share x contract size / multiple, held on the contract (lever) account; the ' +
          'open fee goes to fees; the pool reserves the largest payout (notional x max_profit %). A market ' +
          'order fills at the latest recorded tick (at most 30 s old) plus or minus the spread and cites ' +
          'its tick id; a stock only within its session. A limit holds margin and fee and opens at its ' +
          'price on the first tick whose fill reaches it. Optional target_profit_price and stop_loss_price. ' +
          'Refused when the side would pass its open-interest cap. Honours Idempotency-Key.',
      },
      (request) => {
        const body = request.body;
        return contracts.submit({
          userId: requiredUserId(request),
          instrumentId: body.currency_id,
          share: body.share,
          multiple: body.multiple,
          side: body.type,
          orderType: body.status,
          limitPrice: body.target_price,
          takeProfit: body.target_profit_price,
          stopLoss: body.stop_loss_price,
          idempotencyKey: request.idempotencyKey,
        });
      },
    );

    route.post(
      leverDealAllRoute,
      { summary: 'Open positions (all instruments, or the one named), with the contract account' },
      (request) =>
        contracts.list(requiredUserId(request), {
          instrumentId: request.body.currency_id,
          status: 2,
          page: request.body.page ?? 1,
        }),
    );

    route.post(
      leverMyTradeRoute,
      {
        summary: 'Pending orders (status 1), open positions (2) or history (3: closed and cancelled)',
        description:
          'Closed positions carry `close`: the reason, the tick id and price, the fill and the profit.',
      },
      (request) =>
        contracts.list(requiredUserId(request), {
          instrumentId: request.body.currency_id,
          status: request.body.status,
          page: request.body.page ?? 1,
        }),
    );

    route.post(
      leverCloseRoute,
      {
        summary: 'Close an open position at the latest recorded tick; answers its receipt',
        description:
          'Only the owner; exactly one close settles a position (a close racing its take-profit: one wins). ' +
          'Honours Idempotency-Key.',
      },
      (request) => contracts.close(requiredUserId(request), request.body.id, request.idempotencyKey),
    );

    route.post(
      leverBatchCloseRoute,
      {
        summary: 'Close every open position (type 0), the longs (1) or the shorts (2)',
        description: 'Positions without a fresh tick or outside their session stay open.',
      },
      (request) => contracts.batchClose(requiredUserId(request), request.body.type),
    );

    route.post(
      leverSetStopRoute,
      {
        summary: 'Set or clear the take-profit and stop-loss prices of an open position or pending order',
        description:
          'A long takes profit above and stops loss below the current price (a short the reverse); a ' +
          'stop-loss past the liquidation price is refused. Leaving a price out clears it.',
      },
      (request) =>
        contracts.setStop(
          requiredUserId(request),
          request.body.id,
          request.body.target_profit_price,
          request.body.stop_loss_price,
        ),
    );

    route.post(
      leverCancelRoute,
      { summary: 'Cancel a pending limit order; its hold is released' },
      (request) => contracts.cancel(requiredUserId(request), request.body.id),
    );

    route.get(
      leverReceiptsRoute,
      {
        summary: "A position's receipts: its close and each overnight fee, with inputs and outcome",
        description:
          'Each outcome is what recomputeContractReceipt (packages/domain) computes from the inputs; the ' +
          'web recomputes it. Only the owner.',
      },
      (request) => contracts.receipts(requiredUserId(request), request.query.id),
    );

    route.get(
      leverPoolRoute,
      {
        summary: "The house pool's balance and reservations, the insurance account, open interest and caps",
      },
      () => contracts.pool(),
    );

    route.get(
      contractsAdminRoute,
      {
        summary:
          'Contracts for the console: pool, insurance, every instrument with terms, open interest and caps',
        description: 'Read only: nobody can set a price, a fill or an outcome.',
      },
      () => contracts.adminView(),
    );

    route.post(
      adminContractTermsSaveRoute,
      {
        summary: "Admin: change an instrument's contract terms (new positions only; audited)",
        description:
          'Contract size, multiples, spread, open/close/liquidation fee, overnight rate, maintenance margin, ' +
          'maximum profit, side cap (percent of the pool) and maximum tick age. Positions and pending orders ' +
          'keep the terms they were placed with. No price, fill or outcome can be set.',
      },
      (request) => contracts.saveTerms(staffActorOf(request), request.body),
    );
  };
}
