/** Rates against USD as decimal strings, as a public fiat-rate service publishes them. */
export type FiatRateQuote = { readonly rates: Readonly<Record<string, string>>; readonly asOf: Date };

/** The outside world's fiat rates; the fiat module owns the real HTTP adapter. */
export interface FiatRateSource {
  fetchUsdRates(signal: AbortSignal): Promise<FiatRateQuote>;
}
