import {
  type CandlePeriod,
  currencyNewTimesharRoute,
  marketHistoryStatusRoute,
  marketInstrumentsRoute,
  optionalAddRoute,
  optionalDelRoute,
  optionalListRoute,
} from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';
import { candleWindow } from '../lib/candle-window';

/** Quotes change every tick; the socket keeps them fresh, REST is the snapshot and the fallback. */
const instrumentsStaleMs = 10 * 60_000;
/** Polling interval while the socket is down (useLiveOrPolling). */
export const quotesPollMs = 3_000;
export const candlesPollMs = 5_000;
/** A slow snapshot refresh even while the socket is live, in case pushes stall. */
export const quotesSafetyRefreshMs = 15_000;
export const candlesSafetyRefreshMs = 30_000;

/** Favourite add/del replies carry nothing the screen needs. */

export const instrumentsQuery = queryOptions({
  queryKey: ['market', 'instruments'],
  queryFn: ({ signal }) => callRoute(marketInstrumentsRoute, { empty: [], signal }),
  staleTime: instrumentsStaleMs,
});

/** A candle window counts as fresh this long; the live stream extends the last candle meanwhile. */
const candlesStaleMs = 2_000;

/** Candles for `period`: a window of 300 ending now, recomputed on each fetch. */
export function candlesQuery(symbol: string, period: CandlePeriod) {
  return queryOptions({
    queryKey: ['market', 'candles', symbol, period],
    queryFn: ({ signal }) =>
      callRoute(currencyNewTimesharRoute, {
        empty: [],
        params: { symbol, period, ...candleWindow(period, Date.now()) },
        signal,
      }),
    staleTime: candlesStaleMs,
  });
}

export function favouritesQuery(token: string | null) {
  return queryOptions({
    queryKey: ['market', 'favourites', token],
    queryFn: ({ signal }) => callRoute(optionalListRoute, { empty: [], signal }),
    enabled: token !== null,
  });
}

export function addFavourite(instrumentId: number) {
  return callRoute(optionalAddRoute, { empty: null, params: { currency_id: instrumentId } });
}

export function removeFavourite(instrumentId: number) {
  return callRoute(optionalDelRoute, { empty: null, params: { id: instrumentId } });
}

/** While a fresh install prepares its history, how far it has come (polled until ready). */
export const historyStatusPollMs = 3_000;
export const historyStatusQuery = queryOptions({
  queryKey: ['market', 'history-status'],
  queryFn: ({ signal }) =>
    callRoute(marketHistoryStatusRoute, { empty: { instruments: 0, prepared: 0, ready: true }, signal }),
  staleTime: historyStatusPollMs,
  refetchInterval: (query) => (query.state.data?.ready === false ? historyStatusPollMs : false),
});

export { quotationQuery, tickQuery } from '../../../lib/queries/market-snapshot';
