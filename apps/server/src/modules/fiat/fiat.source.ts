/** Rates against USD as decimal strings, as a public fiat-rate service publishes them. */
export type FiatRateQuote = { readonly rates: Readonly<Record<string, string>>; readonly asOf: Date };

/** The outside world's fiat rates; the fiat module owns the real HTTP adapter. */
export interface FiatRateSource {
  fetchUsdRates(signal: AbortSignal): Promise<FiatRateQuote>;
}

/** Why a fetch failed, in words safe to store with the attempt (no reply bodies, no secrets). */
export class FiatSourceError extends Error {
  override readonly name = 'FiatSourceError';
}
