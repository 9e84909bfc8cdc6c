/**
 * Pure rules of the withdrawal screens: the form's checks and messages (spec section 5: a valid
 * quantity, a chosen address or card, enough balance), the figures under the amount (fee, what
 * arrives, what leaves the account), the records page's tabs, and which Idempotency-Key a
 * submission carries.
 */
import type { WalletAddress, WithdrawalStatus, WithdrawCurrency } from '@fairex/contract';
import {
  fromScaledBigint,
  groupThousands,
  normalizeDecimal,
  parseAmount,
  toScaledBigint,
} from '@fairex/domain';
import { z } from 'zod';

export const withdrawPaths = {
  withdraw: '/pages/fund/withdraw',
  records: '/pages/fund/receive_withdraw_record',
  addWallet: '/pages/setting/addWallet',
  walletList: '/pages/setting/wallet',
  bank: '/pages/setting/bank',
  bankInternational: '/pages/setting/bank_international',
  payPassword: '/pages/setting/payPassword',
  verify: '/pages/setting/real',
} as const;

export const recordTabs = ['deposit', 'withdraw'] as const;
export type RecordTab = (typeof recordTabs)[number];

/** `?tab=deposit|withdraw`; anything else is the first tab. */
export function readRecordTab(params: URLSearchParams): RecordTab {
  const tab = params.get('tab');
  return tab === 'withdraw' ? 'withdraw' : 'deposit';
}

export function recordsPath(tab: RecordTab): string {
  return `${withdrawPaths.records}?tab=${tab}`;
}

/** `?currency=<id>` on the withdraw page (links from the assets page); null when absent or odd. */
export function readCurrencyParam(params: URLSearchParams): number | null {
  const value = Number(params.get('currency'));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

export type DestinationKind = 'address' | 'bank_card';

/**
 * The network shown first for a coin: the one of the user's newest saved address of that coin,
 * else the coin's first network.
 */
export function defaultChain(currency: WithdrawCurrency, addresses: readonly WalletAddress[]): string | null {
  const saved = addresses.find(
    (address) => address.currency_id === currency.id && currency.chains.includes(address.chain),
  );
  return saved?.chain ?? currency.chains[0] ?? null;
}

/** Units of a decimal text at a scale, or null (the server's own figures are always valid). */
function unitsOf(text: string, scale: number): bigint | null {
  const scaled = toScaledBigint(text, scale);
  return scaled.ok ? scaled.value : null;
}

/** The currency's figures in smallest units. */
export function currencyUnits(currency: WithdrawCurrency) {
  return {
    min: unitsOf(currency.withdraw_min, currency.scale) ?? 0n,
    fee: unitsOf(currency.withdraw_fee, currency.scale) ?? 0n,
    available: unitsOf(currency.available, currency.scale) ?? 0n,
  };
}

/** "All": the most that can arrive, what is available less the fee (nothing when that is none). */
export function maxReceivable(currency: WithdrawCurrency): string {
  const { fee, available } = currencyUnits(currency);
  const most = available - fee;
  return most > 0n ? fromScaledBigint(most, currency.scale) : '0';
}

/** Fee, what arrives and what leaves the account for a typed amount; null until it parses. */
export function withdrawalFigures(
  currency: WithdrawCurrency,
  amountText: string,
): { receive: string; fee: string; total: string } | null {
  const parsed = parseAmount(amountText, currency.scale);
  if (!parsed.ok) return null;
  const { fee } = currencyUnits(currency);
  return {
    receive: fromScaledBigint(parsed.units, currency.scale),
    fee: fromScaledBigint(fee, currency.scale),
    total: fromScaledBigint(parsed.units + fee, currency.scale),
  };
}

/** Locale keys of the form's messages; each is shown with {{min}}, {{code}} and {{scale}}. */
export const withdrawErrorKeys = {
  destinationRequired: 'withdraw:errors.destinationRequired',
  amountRequired: 'withdraw:errors.amountRequired',
  amountInvalid: 'withdraw:errors.amountInvalid',
  tooManyDecimals: 'withdraw:errors.tooManyDecimals',
  amountTooLarge: 'withdraw:errors.amountTooLarge',
  belowMinimum: 'withdraw:errors.belowMinimum',
  insufficient: 'withdraw:errors.insufficient',
  payPasswordRequired: 'withdraw:errors.payPasswordRequired',
  codeInvalid: 'withdraw:errors.codeInvalid',
} as const;

/** The amount's problem, as a message key; null when it may be sent. */
export function amountProblem(currency: WithdrawCurrency, text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return withdrawErrorKeys.amountRequired;
  const parsed = parseAmount(trimmed, currency.scale);
  if (!parsed.ok) {
    switch (parsed.error) {
      case 'too_many_decimals':
        return withdrawErrorKeys.tooManyDecimals;
      case 'too_large':
        return withdrawErrorKeys.amountTooLarge;
      default:
        return withdrawErrorKeys.amountInvalid;
    }
  }
  const { min, fee, available } = currencyUnits(currency);
  if (parsed.units < min) return withdrawErrorKeys.belowMinimum;
  if (parsed.units + fee > available) return withdrawErrorKeys.insufficient;
  return null;
}

/** The form as react-hook-form keeps it. */
export type WithdrawFormValues = {
  number: string;
  destinationId: string;
  payPassword: string;
  code: string;
};

/** The form's schema for the chosen currency (zod, through react-hook-form's resolver). */
export function withdrawFormSchema(currency: WithdrawCurrency) {
  return z.object({
    number: z.string().superRefine((value, context) => {
      const problem = amountProblem(currency, value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
    destinationId: z.string().regex(/^\d+$/, withdrawErrorKeys.destinationRequired),
    payPassword: z.string().min(1, withdrawErrorKeys.payPasswordRequired).max(64),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, withdrawErrorKeys.codeInvalid),
  });
}

/** What one submission sends; a retry reuses its key only for the very same request. */
export type WithdrawAttempt = {
  readonly currency: number;
  readonly number: string;
  readonly chain: string | null;
  readonly kind: DestinationKind;
  readonly destinationId: number;
};

export function sameAttempt(left: WithdrawAttempt | null, right: WithdrawAttempt): boolean {
  return (
    left !== null &&
    left.currency === right.currency &&
    left.number === right.number &&
    left.chain === right.chain &&
    left.kind === right.kind &&
    left.destinationId === right.destinationId
  );
}

/** The POST /wallet/out fields of an attempt. */
export function withdrawParams(attempt: WithdrawAttempt, secrets: { payPassword: string; code: string }) {
  return {
    currency: attempt.currency,
    number: attempt.number,
    ...(attempt.chain ? { chain: attempt.chain } : {}),
    ...(attempt.kind === 'address'
      ? { address_id: attempt.destinationId }
      : { bank_card_id: attempt.destinationId }),
    pay_password: secrets.payPassword,
    code: secrets.code,
  };
}

export { newIdempotencyKey } from '../../lib/idempotency-key';

/** The chip colour of each state. */
export function statusTone(
  status: WithdrawalStatus | 'pending' | 'approved' | 'rejected',
): 'wait' | 'good' | 'bad' | 'off' {
  switch (status) {
    case 'pending':
      return 'wait';
    case 'approved':
      return 'good';
    case 'rejected':
      return 'bad';
    case 'cancelled':
      return 'off';
    default:
      return 'off';
  }
}

/** A long address shortened in the middle for a row: "TJRabP…RTv8". */
export function shortAddress(address: string): string {
  return address.length <= 16 ? address : `${address.slice(0, 8)}…${address.slice(-6)}`;
}

/** An exact amount for reading: no trailing zeros, thousands grouped ("1,234.5"); never rounded. */
export function displayAmount(text: string): string {
  const normal = normalizeDecimal(text);
  if (!normal.ok) return text;
  const [whole = '', fraction] = normal.value.split('.');
  const grouped = groupThousands(whole, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}
