/**
 * Dual investment (spec section 9; issue 19): one pure settlement rule, used by the server at
 * maturity on the recorded tick and by the web to recompute a receipt. Not capital-protected.
 *
 * - call (invest the coin, e.g. BTC): settle price below the linked price -> paid in the coin,
 *   amount x (1 + days x annual rate / 365); at or above -> paid in the quote (USDT),
 *   amount x linked price x (1 + days x annual rate / 365).
 * - put (invest the quote): settle price at or above the linked price -> paid in the quote,
 *   amount x (1 + ...); below -> paid in the coin, amount / linked price x (1 + ...).
 *
 * Units: amounts are bigint smallest units (coin at `baseScale`, quote at `quoteScale`); prices are
 * quote smallest units per ONE whole coin; the annual rate is in ppm. Every payout is one floor
 * division of the exact product (rounded down, less than one unit, kept by the reserve).
 * Quantity is a whole number of shares; the amount is shares x the unit price.
 */
const ppm = 1_000_000n;
const daysPerYear = 365n;

export const dualDirections = ['call', 'put'] as const;
export type DualDirection = (typeof dualDirections)[number];

export type DualTerms = {
  readonly direction: DualDirection;
  /** Invested: coin units (call) or quote units (put). */
  readonly amount: bigint;
  /** Quote units per whole coin. */
  readonly linkedPrice: bigint;
  readonly annualRatePpm: bigint;
  readonly days: number;
  readonly baseScale: number;
};

export type DualPayout = { readonly currency: 'base' | 'quote'; readonly amount: bigint };

const denominator = daysPerYear * ppm;
const growth = (terms: DualTerms) => daysPerYear * ppm + BigInt(terms.days) * terms.annualRatePpm;
const coinUnit = (terms: DualTerms) => 10n ** BigInt(terms.baseScale);

/** The payout if the settle price is below the linked price, and if it is at or above. */
export function dualOutcomes(terms: DualTerms): {
  readonly below: DualPayout;
  readonly atOrAbove: DualPayout;
} {
  const factor = growth(terms);
  if (terms.direction === 'call') {
    return {
      below: { currency: 'base', amount: (terms.amount * factor) / denominator },
      atOrAbove: {
        currency: 'quote',
        amount: (terms.amount * terms.linkedPrice * factor) / (coinUnit(terms) * denominator),
      },
    };
  }
  return {
    below: {
      currency: 'base',
      amount: (terms.amount * coinUnit(terms) * factor) / (terms.linkedPrice * denominator),
    },
    atOrAbove: { currency: 'quote', amount: (terms.amount * factor) / denominator },
  };
}

/** The payout on the recorded settle price. */
export function settleDual(terms: DualTerms, settlePrice: bigint): DualPayout {
  const outcomes = dualOutcomes(terms);
  return settlePrice < terms.linkedPrice ? outcomes.below : outcomes.atOrAbove;
}

/**
 * What the reserve must hold before accepting the order, per currency, given that the principal
 * goes into the reserve at settlement (it is held on the user's account until then): in the
 * invested currency only the yield, in the other the whole payout. Both are reserved, so either
 * outcome can be paid.
 */
export function dualReserveObligation(terms: DualTerms): { readonly base: bigint; readonly quote: bigint } {
  const { below, atOrAbove } = dualOutcomes(terms);
  return terms.direction === 'call'
    ? { base: below.amount - terms.amount, quote: atOrAbove.amount }
    : { base: below.amount, quote: atOrAbove.amount - terms.amount };
}

/** Shares must be a whole positive number (spec validation); the amount is shares x unit price. */
export function dualAmount(sharesText: string, unitPrice: bigint): bigint | null {
  if (!/^[1-9]\d{0,8}$/.test(sharesText.trim())) return null;
  return BigInt(sharesText.trim()) * unitPrice;
}

/**
 * A recorded tick's price (decimal text, quote per whole coin) in quote smallest units, rounded
 * down when the tick carries more decimals than the quote currency. Null for text that is no price.
 * The server settles and the web recomputes receipts with this same reading of the tick.
 */
export function dualPriceUnits(priceText: string, quoteScale: number): bigint | null {
  const match = /^(\d{1,30})(?:\.(\d{1,30}))?$/.exec(priceText.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').slice(0, quoteScale).padEnd(quoteScale, '0');
  return BigInt(match[1] ?? '0') * 10n ** BigInt(quoteScale) + BigInt(fraction || '0');
}

/** The settlement of an order: the payout chosen by the settle price (a receipt's whole content). */
export type DualReceipt = {
  readonly settlePrice: bigint;
  readonly outcome: 'below' | 'at_or_above';
  readonly payout: DualPayout;
};

/** Recomputes an order's receipt from its frozen terms and the recorded tick's price text. */
export function dualReceipt(terms: DualTerms, priceText: string, quoteScale: number): DualReceipt | null {
  const settlePrice = dualPriceUnits(priceText, quoteScale);
  if (settlePrice === null) return null;
  return {
    settlePrice,
    outcome: settlePrice < terms.linkedPrice ? 'below' : 'at_or_above',
    payout: settleDual(terms, settlePrice),
  };
}
