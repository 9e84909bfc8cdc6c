/** Pure rules of the quick exchange page: directions, the amount check, figures for the screen. */
import type { ExchangeDirection } from '@fairex/contract';
import { compareDecimal, formatAmount, formatDecimal, parseDecimal } from '@fairex/domain';

export const exchangeRoutes = {
  bill: '/pages/setting/bill',
  trade: '/pages/transaction/currency',
  deposit: '/pages/fund/select',
} as const;

/** How long the amount must rest before a quote is asked for. */
export const quoteDebounceMs = 400;

export type Currency = { id: number; code: string };

/** Every currency that can be exchanged from, each once, in list order. */
export function fromCurrencies(directions: readonly ExchangeDirection[]): Currency[] {
  const seen = new Set<number>();
  const list: Currency[] = [];
  for (const direction of directions) {
    if (seen.has(direction.from_currency_id)) continue;
    seen.add(direction.from_currency_id);
    list.push({ id: direction.from_currency_id, code: direction.from_currency });
  }
  return list;
}

/** The currencies `from` can be exchanged into. */
export function toCurrencies(directions: readonly ExchangeDirection[], from: number): Currency[] {
  return directions
    .filter((direction) => direction.from_currency_id === from)
    .map((direction) => ({ id: direction.to_currency_id, code: direction.to_currency }));
}

export function findDirection(
  directions: readonly ExchangeDirection[],
  from: number,
  to: number,
): ExchangeDirection | undefined {
  return directions.find(
    (direction) => direction.from_currency_id === from && direction.to_currency_id === to,
  );
}

/** The pair after a new `from`: keeps `to` when it still fits, else the first it can go to. */
export function directionAfterFrom(
  directions: readonly ExchangeDirection[],
  from: number,
  to: number,
): ExchangeDirection | undefined {
  return (
    findDirection(directions, from, to) ?? directions.find((direction) => direction.from_currency_id === from)
  );
}

/** The swapped direction when it exists. */
export function swapped(
  directions: readonly ExchangeDirection[],
  current: ExchangeDirection,
): ExchangeDirection | undefined {
  return findDirection(directions, current.to_currency_id, current.from_currency_id);
}

export type AmountProblem = 'invalid' | 'belowMin' | 'aboveAvailable' | null;

/** What is wrong with the typed amount; blank is not a problem yet (nothing to send). */
export function amountProblem(text: string, direction: ExchangeDirection): AmountProblem {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const parsed = parseDecimal(trimmed);
  if (!parsed.ok || parsed.value.negative || parsed.value.digits === 0n) return 'invalid';
  const belowMin = compareDecimal(trimmed, direction.min_number);
  if (belowMin.ok && belowMin.value < 0) return 'belowMin';
  const above = compareDecimal(trimmed, direction.available);
  if (above.ok && above.value > 0) return 'aboveAvailable';
  return null;
}

/** A figure as the page shows it: grouped, at most `decimals` digits, trailing zeros dropped. */
export function figure(value: string | null | undefined, decimals = 8): string {
  if (value === null || value === undefined || value === '') return '--';
  const text = formatAmount(value, { decimals, thousandsSeparator: ',' });
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** A fee rate fraction as percent text: "0.001" -> "0.1%", "0" -> "0%". */
export function percentText(rate: string): string {
  const parsed = parseDecimal(rate);
  if (!parsed.ok) return '--';
  const { digits, scale } = parsed.value;
  const text =
    scale >= 2
      ? formatDecimal({ negative: false, digits, scale: scale - 2 })
      : String(digits * 10n ** BigInt(2 - scale));
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return `${trimmed}%`;
}

export function isZeroRate(rate: string): boolean {
  const parsed = parseDecimal(rate);
  return parsed.ok && parsed.value.digits === 0n;
}
