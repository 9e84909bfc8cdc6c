/**
 * The calls of the contract screens (issue 17): instruments and terms, the user's positions by
 * status, receipts, the public pool; opening, closing, stops and cancelling (money-moving calls
 * carry one Idempotency-Key per attempt).
 */
import {
  type ContractPosition,
  leverBatchCloseRoute,
  leverCancelRoute,
  leverCloseRoute,
  leverDealRoute,
  leverInstrumentsRoute,
  leverMyTradeRoute,
  leverPoolRoute,
  leverReceiptsRoute,
  leverSetStopRoute,
  leverSubmitRoute,
  type RouteInput,
} from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callMoneyRoute, callRoute } from '../../../lib/api-route';

export const contractKeys = {
  all: ['contracts'] as const,
  instruments: ['contracts', 'instruments'] as const,
  deal: ['contracts', 'deal'] as const,
  list: ['contracts', 'list'] as const,
  receipts: ['contracts', 'receipts'] as const,
  pool: ['contracts', 'pool'] as const,
};

export const instrumentsQuery = queryOptions({
  queryKey: contractKeys.instruments,
  queryFn: ({ signal }) => callRoute(leverInstrumentsRoute, { empty: [], signal }),
  refetchInterval: 5_000,
});

export function dealQuery(instrumentId: number, signedIn: boolean) {
  return queryOptions({
    queryKey: [...contractKeys.deal, instrumentId, signedIn],
    queryFn: ({ signal }) =>
      callRoute(leverDealRoute, { params: { currency_id: instrumentId, legal_id: 3 }, empty: null, signal }),
    refetchInterval: 2_000,
  });
}

/** 1 pending, 2 open, 3 history. */
export function listQuery(status: 1 | 2 | 3, page = 1) {
  return queryOptions({
    queryKey: [...contractKeys.list, status, page],
    queryFn: ({ signal }) => callRoute(leverMyTradeRoute, { params: { status, page }, empty: null, signal }),
    refetchInterval: status === 2 ? 2_000 : 5_000,
  });
}

export function receiptsQuery(positionId: string) {
  return queryOptions({
    queryKey: [...contractKeys.receipts, positionId],
    queryFn: ({ signal }) => callRoute(leverReceiptsRoute, { params: { id: positionId }, empty: [], signal }),
  });
}

export const poolQuery = queryOptions({
  queryKey: contractKeys.pool,
  queryFn: ({ signal }) => callRoute(leverPoolRoute, { empty: null, signal }),
  refetchInterval: 10_000,
});

export function submitPosition(params: RouteInput<typeof leverSubmitRoute>, idempotencyKey: string) {
  return callMoneyRoute(leverSubmitRoute, { params, idempotencyKey });
}

export function closePosition(position: Pick<ContractPosition, 'id'>, idempotencyKey: string) {
  return callMoneyRoute(leverCloseRoute, { params: { id: position.id }, idempotencyKey });
}

export function closeAll(type: 0 | 1 | 2, idempotencyKey: string) {
  return callMoneyRoute(leverBatchCloseRoute, { params: { type }, idempotencyKey });
}

export function cancelOrder(id: string, idempotencyKey: string) {
  return callMoneyRoute(leverCancelRoute, { params: { id }, idempotencyKey });
}

export function setStops(id: string, takeProfit: string, stopLoss: string) {
  return callRoute(leverSetStopRoute, {
    params: {
      id,
      ...(takeProfit.trim() ? { target_profit_price: takeProfit.trim() } : {}),
      ...(stopLoss.trim() ? { stop_loss_price: stopLoss.trim() } : {}),
    },
    empty: null,
  });
}
