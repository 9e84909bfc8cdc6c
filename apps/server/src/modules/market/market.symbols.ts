/**
 * The instrument that prices a currency in USDT ("BTC" -> "BTC/USDT"), the one every USDT and BTC
 * equivalent (wallet totals, withdrawal limits, four-eyes thresholds) reads; null for USDT itself,
 * worth one by definition.
 */
export function usdtReferenceSymbol(code: string): string | null {
  return code === 'USDT' ? null : `${code}/USDT`;
}
