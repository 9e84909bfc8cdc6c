import { count } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { instruments } from './market.schema';

type Underlying = { base: string; price: string; volatility: string };

/** Crypto underlyings with a late-2025 reference price and annualised volatility. */
const cryptoUnderlyings: readonly Underlying[] = [
  { base: 'BTC', price: '95000', volatility: '0.50' },
  { base: 'ETH', price: '3200', volatility: '0.65' },
  { base: 'BNB', price: '900', volatility: '0.55' },
  { base: 'SOL', price: '140', volatility: '0.85' },
  { base: 'XRP', price: '2.2', volatility: '0.80' },
  { base: 'ADA', price: '0.45', volatility: '0.85' },
  { base: 'DOGE', price: '0.16', volatility: '0.95' },
  { base: 'TRX', price: '0.28', volatility: '0.55' },
  { base: 'TON', price: '1.6', volatility: '0.80' },
  { base: 'DOT', price: '2.6', volatility: '0.85' },
  { base: 'LINK', price: '13', volatility: '0.85' },
  { base: 'POL', price: '0.15', volatility: '0.90' },
  { base: 'LTC', price: '90', volatility: '0.70' },
  { base: 'BCH', price: '520', volatility: '0.70' },
  { base: 'AVAX', price: '14', volatility: '0.90' },
  { base: 'UNI', price: '6', volatility: '0.90' },
  { base: 'ATOM', price: '2.6', volatility: '0.85' },
  { base: 'ETC', price: '13', volatility: '0.75' },
  { base: 'FIL', price: '1.6', volatility: '0.95' },
  { base: 'NEAR', price: '2', volatility: '0.90' },
];

const stockUnderlyings: readonly Underlying[] = [
  { base: 'AAPL', price: '230', volatility: '0.25' },
  { base: 'TSLA', price: '350', volatility: '0.60' },
  { base: 'NVDA', price: '180', volatility: '0.50' },
  { base: 'MSFT', price: '480', volatility: '0.25' },
  { base: 'AMZN', price: '220', volatility: '0.32' },
  { base: 'GOOGL', price: '280', volatility: '0.30' },
  { base: 'META', price: '600', volatility: '0.38' },
  { base: 'NFLX', price: '110', volatility: '0.38' },
  { base: 'AMD', price: '220', volatility: '0.55' },
  { base: 'COIN', price: '270', volatility: '0.70' },
];

export const stockTradingHours = '09:30-16:00 America/New_York Mon-Fri';

/** Tick and lot sizes by price: about five significant digits of price, lots worth a few cents. */
function cryptoSizes(price: number): { tickSize: string; lotSize: string; priceDecimals: number } {
  if (price >= 1000) return { tickSize: '0.01', lotSize: '0.00001', priceDecimals: 2 };
  if (price >= 100) return { tickSize: '0.01', lotSize: '0.001', priceDecimals: 2 };
  if (price >= 10) return { tickSize: '0.001', lotSize: '0.01', priceDecimals: 3 };
  if (price >= 1) return { tickSize: '0.0001', lotSize: '0.1', priceDecimals: 4 };
  return { tickSize: '0.00001', lotSize: '1', priceDecimals: 5 };
}

export type InstrumentSeed = typeof instruments.$inferInsert;

/** The base instrument list: 20 spot pairs, their perpetuals, 10 US stocks. */
export function instrumentSeeds(): InstrumentSeed[] {
  const spot = cryptoUnderlyings.map((underlying, index) => ({
    symbol: `${underlying.base}/USDT`,
    kind: 'spot' as const,
    base: underlying.base,
    quote: 'USDT',
    ...cryptoSizes(Number(underlying.price)),
    referencePrice: underlying.price,
    annualVolatility: underlying.volatility,
    feedSymbol: `${underlying.base}/USDT`,
    sortOrder: index,
  }));
  const perpetual = cryptoUnderlyings.map((underlying, index) => ({
    symbol: `${underlying.base}-PERP`,
    kind: 'perpetual' as const,
    base: underlying.base,
    quote: 'USDT',
    ...cryptoSizes(Number(underlying.price)),
    referencePrice: underlying.price,
    annualVolatility: underlying.volatility,
    feedSymbol: `${underlying.base}/USDT:USDT`,
    sortOrder: 100 + index,
  }));
  const stocks = stockUnderlyings.map((underlying, index) => ({
    symbol: underlying.base,
    kind: 'stock' as const,
    base: underlying.base,
    quote: 'USD',
    tickSize: '0.01',
    lotSize: '1',
    priceDecimals: 2,
    tradingHours: stockTradingHours,
    referencePrice: underlying.price,
    annualVolatility: underlying.volatility,
    sortOrder: 200 + index,
  }));
  return [...spot, ...perpetual, ...stocks];
}

/** Seeds the instruments when the table is empty (every mode); staff edit them afterwards. */
export async function seedInstruments(db: Database): Promise<void> {
  const [row] = await db.select({ n: count() }).from(instruments);
  if ((row?.n ?? 0) > 0) return;
  await db.insert(instruments).values(instrumentSeeds()).onConflictDoNothing();
}
