/**
 * Pure rules of the assets screens: account kinds, amount checks of the transfer form (the
 * server's parseAmount at the currency's scale, plus the available balance), exact fiat figures
 * and display of amounts. Money stays decimal text or bigint; never a JS number.
 */
import {
  type AccountKindName,
  accountKindNames,
  type BillEntryKind,
  type BillLine,
  billEntryKinds,
  type TransferRecord,
} from '@fairex/contract';
import { formatAmount, formatDecimal, parseAmount, parseDecimal, toScaledBigint } from '@fairex/domain';
import { fiatFigure } from '../../lib/market/fiat-price';
import type { TranslationKey } from '../../lib/translation-key';

/** Shared with Home's total. */
export { fiatFigure };

export const accountKinds: readonly AccountKindName[] = accountKindNames;
export const defaultAccountKind: AccountKindName = 'change';

export function isAccountKind(value: string | null | undefined): value is AccountKindName {
  return accountKinds.some((kind) => kind === value);
}

export function isEntryKind(value: string | null | undefined): value is BillEntryKind {
  return billEntryKinds.some((kind) => kind === value);
}

/** Translation key of an account kind's name; later kinds fall back to a generic label. */
export function accountKindKey(kind: string): TranslationKey {
  return isAccountKind(kind) ? `assets:kinds.${kind}` : 'assets:kinds.other';
}

/**
 * The other account a transfer goes to by default: spot to fiat, anything else to spot (futures
 * and options take transfers only once their products exist; the server says so).
 */
export function defaultTarget(from: AccountKindName): AccountKindName {
  return from === 'change' ? 'legal' : 'change';
}

export type TransferAmountError =
  | 'required'
  | 'invalid'
  | 'notPositive'
  | 'tooManyDecimals'
  | 'tooLarge'
  | 'insufficient';

/** The transfer form's message for a typed amount, or null when it may be sent. */
export function transferAmountError(
  text: string,
  scale: number,
  available: string,
): TransferAmountError | null {
  if (text.trim() === '') return 'required';
  const parsed = parseAmount(text, scale);
  if (!parsed.ok) {
    switch (parsed.error) {
      case 'invalid':
        return 'invalid';
      case 'not_positive':
        return 'notPositive';
      case 'too_many_decimals':
        return 'tooManyDecimals';
      case 'too_large':
        return 'tooLarge';
      default:
        return parsed.error satisfies never;
    }
  }
  const availableUnits = toScaledBigint(available, scale);
  if (!availableUnits.ok || parsed.units > availableUnits.value) return 'insufficient';
  return null;
}

/** Keeps what a user types in an amount field to digits and one dot (a comma counts as the dot). */
export function cleanAmountInput(text: string): string {
  const normalised = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = normalised.split('.');
  return rest.length > 0 ? `${whole}.${rest.join('')}` : whole;
}

/** True for "0", "0.000", and anything that is not a decimal. */
export function isZero(text: string): boolean {
  const parsed = parseDecimal(text);
  return !parsed.ok || parsed.value.digits === 0n;
}

/** A signed amount's direction, for its colour. */
export function amountDirection(text: string): 'up' | 'down' | 'zero' {
  const parsed = parseDecimal(text);
  if (!parsed.ok || parsed.value.digits === 0n) return 'zero';
  return parsed.value.negative ? 'down' : 'up';
}

/**
 * An exact amount for display: thousands grouped, trailing zeros trimmed down to at least
 * `minDecimals` (never rounded): "10000.000000" -> "10,000.00", "0.12345678" -> "0.12345678".
 */
export function displayAmount(text: string, minDecimals = 2): string {
  const parsed = parseDecimal(text);
  if (!parsed.ok) return formatAmount(text);
  let { digits, scale } = parsed.value;
  while (scale > minDecimals && digits % 10n === 0n) {
    digits /= 10n;
    scale -= 1;
  }
  const exact = formatDecimal({ ...parsed.value, digits, scale });
  return formatAmount(exact, { decimals: Math.max(scale, minDecimals), thousandsSeparator: ',' });
}

/** A signed amount for a bill: "+1.50" / "-0.25" with the same exact display. */
export function signedDisplayAmount(text: string): string {
  const direction = amountDirection(text);
  const magnitude = displayAmount(text.replace(/^-/, ''));
  return direction === 'down' ? `-${magnitude}` : direction === 'up' ? `+${magnitude}` : magnitude;
}

/** What a bill line says happened, as a translation key; transfers say in or out. */
export function billReasonKey(line: Pick<BillLine, 'kind' | 'amount'>): TranslationKey {
  if (line.kind === 'transfer') {
    return amountDirection(line.amount) === 'down'
      ? 'assets:reasons.transferOut'
      : 'assets:reasons.transferIn';
  }
  return `assets:reasons.${line.kind}`;
}

/** Flattens infinite-query pages and drops lines seen on an earlier page (the list moved meanwhile). */
export function uniqueById<T extends { id: string }>(pages: readonly { list: readonly T[] }[]): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page.list) {
      if (!seen.has(item.id)) {
        seen.add(item.id);
        items.push(item);
      }
    }
  }
  return items;
}

/** Transfer records keyed like bill lines for uniqueById. */
export function withEntryIds(pages: readonly { list: readonly TransferRecord[] }[]) {
  return pages.map((page) => ({ list: page.list.map((record) => ({ ...record, id: record.entry_id })) }));
}

export { newIdempotencyKey } from '../../lib/idempotency-key';

/** The transfer the form would send; a retry reuses the key only for the very same transfer. */
export type TransferAttempt = {
  readonly currencyId: number;
  readonly number: string;
  readonly from: AccountKindName;
  readonly to: AccountKindName;
};

export function sameAttempt(left: TransferAttempt | null, right: TransferAttempt): boolean {
  return (
    left !== null &&
    left.currencyId === right.currencyId &&
    left.number === right.number &&
    left.from === right.from &&
    left.to === right.to
  );
}
