/**
 * Which way a price moved, and its colour (product spec section 5: up green, zero grey, down red).
 */
import { parseDecimal } from './decimal';

export type PriceDirection = 'up' | 'zero' | 'down';

export const priceUpColor = '#0ecb81';
export const priceZeroColor = '#848e9c';
export const priceDownColor = '#f6465d';

const directionColors: Record<PriceDirection, string> = {
  up: priceUpColor,
  zero: priceZeroColor,
  down: priceDownColor,
};

/**
 * The direction of a change given as decimal text: "+1.25" up, "0" / "-0.00" zero, "-3" down.
 * Text that is not a decimal (see decimal.ts) counts as zero, so it shows neutral grey.
 */
export function priceDirection(changePercent: string): PriceDirection {
  const parsed = parseDecimal(changePercent);
  if (!parsed.ok || parsed.value.digits === 0n) {
    return 'zero';
  }
  return parsed.value.negative ? 'down' : 'up';
}

/** The hex colour of a direction. */
export function directionColor(direction: PriceDirection): string {
  return directionColors[direction];
}
