import type { Quote } from '@fairex/contract';

/** Latest quote per symbol. */
export type QuoteMap = ReadonlyMap<string, Quote>;

/**
 * Merges incoming quotes into a buffer, keeping per symbol the one with the latest tick time; an
 * older quote arriving late never overwrites a newer one. Mutates and returns `buffer` (hot path).
 */
export function bufferQuotes(buffer: Map<string, Quote>, incoming: readonly Quote[]): Map<string, Quote> {
  for (const quote of incoming) {
    const held = buffer.get(quote.symbol);
    if (held === undefined || quote.time >= held.time) {
      buffer.set(quote.symbol, quote);
    }
  }
  return buffer;
}

/** Applies a flushed buffer to the live state: a new map only when something actually changed. */
export function applyQuoteBuffer(state: QuoteMap, flushed: QuoteMap): QuoteMap {
  let next: Map<string, Quote> | null = null;
  for (const [symbol, quote] of flushed) {
    const held = state.get(symbol);
    if (held !== undefined && (held.time > quote.time || held === quote)) {
      continue;
    }
    next ??= new Map(state);
    next.set(symbol, quote);
  }
  return next ?? state;
}

/** The REST list with any newer live quote laid over it, in the list's order. */
export function overlayQuotes(base: readonly Quote[], live: QuoteMap): Quote[] {
  return base.map((quote) => {
    const fresh = live.get(quote.symbol);
    return fresh !== undefined && fresh.time >= quote.time ? fresh : quote;
  });
}
