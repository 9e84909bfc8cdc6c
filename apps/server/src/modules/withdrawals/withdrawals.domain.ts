/**
 * Pure rules of withdrawals: the 24-hour limit by verification level and the BTC equivalent it is
 * measured in, the network a request travels on, what each party may see of a destination, and
 * the payout retry schedule. No I/O: prices, levels and times come in as arguments.
 */
import type { WithdrawalDestination, WithdrawalRecord, WithdrawalStatus } from '@fairex/contract';
import { type AmountRefusal, ceilDivide, fromScaledBigint, parseDecimal } from '@fairex/domain';
import type { PayoutDestination } from '../payout-methods';

/** The recorded price ticks a BTC equivalent came from (null: not needed, e.g. BTC itself). */
export type PriceTicks = { readonly currency: string | null; readonly btc: string | null };

export type WithdrawalRow = {
  readonly id: number;
  readonly userId: number;
  readonly currencyId: number;
  readonly chain: string | null;
  readonly amount: bigint;
  readonly fee: bigint;
  readonly destination: PayoutDestination;
  readonly holdId: bigint | null;
  readonly status: WithdrawalStatus;
  readonly reason: string;
  readonly btcEquivalent: bigint;
  readonly limitBtc: bigint;
  readonly priceTicks: PriceTicks;
  readonly createdAt: Date;
  readonly decidedAt: Date | null;
  readonly decidedBy: number | null;
};

export type PayoutRow = {
  readonly withdrawalId: number;
  readonly status: 'queued' | 'sent' | 'failed';
  readonly attempts: number;
  readonly lastError: string | null;
  readonly externalRef: string | null;
  readonly sentAt: Date | null;
};

/** BTC has 8 decimals: limits and equivalents are counted in satoshi. */
export const btcScale = 8;
const satoshiPerBtc = 10n ** BigInt(btcScale);

/** Spec sections 6 and 9: Lv1 200 BTC, Lv2 500 BTC per rolling 24 hours (the seeded limits). */
export const withdrawalLimitBtcDefaults: ReadonlyMap<number, bigint> = new Map([
  [1, 200n * satoshiPerBtc],
  [2, 500n * satoshiPerBtc],
]);
export const withdrawalLimitWindowMs = 24 * 60 * 60 * 1000;

/**
 * A user's 24-hour limit: the row of the highest level not above theirs (a level above every row
 * has the top row's limit); no row, as for unverified users (level 0), means no withdrawals.
 */
export function withdrawalLimitBtc(level: number, limits: ReadonlyMap<number, bigint>): bigint {
  let best: { level: number; limit: bigint } | null = null;
  for (const [rowLevel, limit] of limits) {
    if (rowLevel <= level && (best === null || rowLevel > best.level)) best = { level: rowLevel, limit };
  }
  return best?.limit ?? 0n;
}

/** A positive decimal price as digits / 10^scale, or null for anything else. */
function priceParts(price: string): { digits: bigint; scale: number } | null {
  const parsed = parseDecimal(price);
  if (!parsed.ok || parsed.value.negative || parsed.value.digits <= 0n) return null;
  return { digits: parsed.value.digits, scale: parsed.value.scale };
}

/**
 * An amount's BTC equivalent in satoshi, rounded up (so splitting a withdrawal into many small
 * ones cannot slip under the limit). BTC counts as itself; USDT is worth 1 USDT; any other
 * currency goes through its USDT price. `usdtPrice` is the currency's USDT price (ignored for BTC
 * and USDT) and `btcPrice` the BTC/USDT price (ignored for BTC). Null when a needed price is
 * missing or not a positive decimal.
 */
export function btcEquivalent(params: {
  readonly amount: bigint;
  readonly scale: number;
  readonly code: string;
  readonly usdtPrice: string | null;
  readonly btcPrice: string | null;
}): bigint | null {
  const { amount, scale, code } = params;
  if (amount < 0n) return null;
  if (code === 'BTC') {
    const factor = 10n ** BigInt(Math.abs(btcScale - scale));
    return scale <= btcScale ? amount * factor : ceilDivide(amount, factor);
  }
  const btc = params.btcPrice === null ? null : priceParts(params.btcPrice);
  if (!btc) return null;
  let usdt: { digits: bigint; scale: number };
  if (code === 'USDT') {
    usdt = { digits: 1n, scale: 0 };
  } else {
    const price = params.usdtPrice === null ? null : priceParts(params.usdtPrice);
    if (!price) return null;
    usdt = price;
  }
  // amount/10^scale * usdt.digits/10^usdt.scale / (btc.digits/10^btc.scale) * 10^8
  const numerator = amount * usdt.digits * 10n ** BigInt(btc.scale + btcScale);
  const denominator = 10n ** BigInt(scale + usdt.scale) * btc.digits;
  return ceilDivide(numerator, denominator);
}

/** Whether a request of `requestBtc` fits next to `usedBtc` already withdrawn in the window. */
export function fitsLimit(params: { usedBtc: bigint; requestBtc: bigint; limitBtc: bigint }): boolean {
  return params.usedBtc + params.requestBtc <= params.limitBtc;
}

export type ChainRefusal = 'chain_required' | 'chain_invalid';

/**
 * The network a request travels on: an address's own chain (a requested one must agree), else
 * the requested one, else the currency's only chain. A bank card needs none.
 */
export function resolveChain(params: {
  readonly currencyChains: readonly string[];
  readonly destination: PayoutDestination;
  readonly requested: string | undefined;
}): { ok: true; chain: string | null } | { ok: false; error: ChainRefusal } {
  const { currencyChains, destination, requested } = params;
  if (destination.kind === 'bank_card') return { ok: true, chain: null };
  if (requested !== undefined && !currencyChains.includes(requested))
    return { ok: false, error: 'chain_invalid' };
  if (destination.chain !== null) {
    if (!currencyChains.includes(destination.chain)) return { ok: false, error: 'chain_invalid' };
    if (requested !== undefined && requested !== destination.chain)
      return { ok: false, error: 'chain_invalid' };
    return { ok: true, chain: destination.chain };
  }
  if (requested !== undefined) return { ok: true, chain: requested };
  const [only, ...others] = currencyChains;
  if (only !== undefined && others.length === 0) return { ok: true, chain: only };
  return { ok: false, error: 'chain_required' };
}

export type AmountErrorCode = 'amount_invalid' | 'amount_too_many_decimals' | 'amount_too_large';

export function amountErrorOf(refusal: AmountRefusal): AmountErrorCode {
  switch (refusal) {
    case 'invalid':
    case 'not_positive':
      return 'amount_invalid';
    case 'too_many_decimals':
      return 'amount_too_many_decimals';
    case 'too_large':
      return 'amount_too_large';
    default:
      return refusal satisfies never;
  }
}

/** What the owner sees of a destination (the card number masked). */
export function destinationSummary(destination: PayoutDestination): WithdrawalDestination {
  if (destination.kind === 'address') {
    return {
      kind: 'address',
      id: destination.id,
      name: destination.name,
      address: destination.address,
      chain: destination.chain,
    };
  }
  return {
    kind: 'bank_card',
    id: destination.id,
    region: destination.region,
    real_name: destination.realName,
    bank_name: destination.bankName,
    card: destination.bankAccountMasked,
  };
}

export function canCancel(status: WithdrawalStatus): boolean {
  return status === 'pending';
}

/** The ledger references of a request: its hold, and the entry that pays it out. */
export function holdReferenceOf(withdrawalId: number): string {
  return `withdrawal:${withdrawalId}`;
}
export function payoutReferenceOf(withdrawalId: number): string {
  return `withdrawal:${withdrawalId}:payout`;
}

export function pageWindow(params: { page: number | undefined; limit: number | undefined; size: number }) {
  const page = Math.max(1, params.page ?? 1);
  const limit = params.limit ?? params.size;
  return { page, limit, offset: (page - 1) * limit };
}

/** Payouts: a failed send is tried again after 30 s, 1 min, 2 min ... up to 1 h, 8 attempts in all. */
export const payoutAttemptsMax = 8;
const payoutRetryBaseMs = 30_000;
const payoutRetryMaxMs = 60 * 60_000;

export function payoutRetryDelayMs(attempts: number): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 20));
  return Math.min(payoutRetryBaseMs * 2 ** exponent, payoutRetryMaxMs);
}

/** After a failed attempt: try again later, or give up for staff to look at. */
export function payoutAfterFailure(params: {
  attempts: number;
  now: Date;
}): { status: 'queued'; nextAttemptAt: Date } | { status: 'failed' } {
  if (params.attempts >= payoutAttemptsMax) return { status: 'failed' };
  return {
    status: 'queued',
    nextAttemptAt: new Date(params.now.getTime() + payoutRetryDelayMs(params.attempts)),
  };
}

export type DestinationChoice =
  | { readonly ok: true; readonly kind: PayoutDestination['kind']; readonly id: number }
  | { readonly ok: false; readonly error: 'destination_required' | 'destination_ambiguous' };

/**
 * Which saved destination a request names: an address (`address_id`, or `address` as older
 * clients send it; both given, they must agree) or the bank card, never both, never none (spec 5).
 */
export function destinationChoice(params: {
  readonly addressId: number | undefined;
  readonly address: number | undefined;
  readonly bankCardId: number | undefined;
}): DestinationChoice {
  const { addressId, address, bankCardId } = params;
  if (addressId !== undefined && address !== undefined && addressId !== address)
    return { ok: false, error: 'destination_ambiguous' };
  const chosenAddress = addressId ?? address;
  if (chosenAddress !== undefined && bankCardId !== undefined)
    return { ok: false, error: 'destination_ambiguous' };
  if (chosenAddress !== undefined) return { ok: true, kind: 'address', id: chosenAddress };
  if (bankCardId !== undefined) return { ok: true, kind: 'bank_card', id: bankCardId };
  return { ok: false, error: 'destination_required' };
}

export type CurrencyFacts = { readonly code: string; readonly scale: number; readonly image: string };

/** A request as its owner reads it. */
export function withdrawalView(row: WithdrawalRow, currency: CurrencyFacts): WithdrawalRecord {
  return {
    id: row.id,
    currency_id: row.currencyId,
    currency: currency.code,
    image: currency.image,
    chain: row.chain,
    amount: fromScaledBigint(row.amount, currency.scale),
    fee: fromScaledBigint(row.fee, currency.scale),
    total: fromScaledBigint(row.amount + row.fee, currency.scale),
    status: row.status,
    reason: row.reason,
    destination: destinationSummary(row.destination),
    can_cancel: canCancel(row.status),
    created_at: row.createdAt.getTime(),
    decided_at: row.decidedAt ? row.decidedAt.getTime() : null,
  };
}

/** BTC satoshi as decimal text, e.g. "200.00000000". */
export function btcText(satoshi: bigint): string {
  return fromScaledBigint(satoshi, btcScale);
}
