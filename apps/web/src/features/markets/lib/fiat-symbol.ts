import { type Locale, localeTags } from '@fairex/contract';

/** The fiat's narrow symbol in the reader's locale ("$", "¥", "€"); the code if Intl lacks one. */
export function fiatSymbol(code: string, locale: Locale): string {
  try {
    const parts = new Intl.NumberFormat(localeTags[locale], {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}
