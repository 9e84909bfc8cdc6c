export {
  candlesRoom,
  installMarketRealtime,
  type MarketRealtime,
  type MarketUpdates,
  quotesRoom,
} from './market-realtime';
