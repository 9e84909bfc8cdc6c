import { type CoinEntry, uploadImageTypes, uploadMaxBytes } from '@fairex/contract';
import { assertNever, normalizeDecimal, parseAmount } from '@fairex/domain';

/**
 * Pure rules of the deposit screens: the coins offered, the links between the pages, the form's
 * checks and messages (spec section 5: a valid quantity; a deposit needs a payment voucher), and
 * what an upload reply means (spec sections 7 and 8).
 */

export const depositPaths = {
  select: '/pages/fund/select',
  receive: '/pages/fund/receive',
  records: '/pages/fund/receive_withdraw_record',
} as const;

export function receivePath(currencyId: number, chain: string | null): string {
  const query = new URLSearchParams({ currency: String(currencyId) });
  if (chain) query.set('chain', chain);
  return `${depositPaths.receive}?${query.toString()}`;
}

/** What the receive page was asked for: a currency id and maybe a chain; null when unusable. */
export function readReceiveQuery(params: URLSearchParams): { currency: number; chain: string | null } | null {
  const currency = Number(params.get('currency'));
  if (!Number.isSafeInteger(currency) || currency <= 0) return null;
  const chain = params.get('chain');
  return { currency, chain: chain && /^[A-Za-z0-9]{2,12}$/.test(chain) ? chain.toUpperCase() : null };
}

/** One row of the coin list: a currency on one chain. */
export type DepositCoin = {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  /** The chain to show next to the code when the currency travels on several (USDT). */
  readonly subName: string | null;
  readonly chain: string;
  readonly image: string;
};

/** Spec section 3's default coin entries, shown when the currency list is unavailable. */
export const defaultCoins: readonly DepositCoin[] = [
  { id: 3, code: 'USDT', name: 'Tether USD', subName: 'ERC20', chain: 'ERC20', image: '/coins/usdt.svg' },
  { id: 3, code: 'USDT', name: 'Tether USD', subName: 'TRC20', chain: 'TRC20', image: '/coins/usdt.svg' },
  { id: 2, code: 'ETH', name: 'Ethereum', subName: null, chain: 'ERC20', image: '/coins/eth.svg' },
  { id: 1, code: 'BTC', name: 'Bitcoin', subName: null, chain: 'BTC', image: '/coins/btc.svg' },
];

/** The coins to offer: the enabled entries of GET /currency/list, or the defaults without one. */
export function depositCoins(entries: readonly CoinEntry[] | null): readonly DepositCoin[] {
  if (entries === null || entries.length === 0) return defaultCoins;
  return entries
    .filter((entry) => entry.status === 1)
    .map((entry) => ({
      id: entry.id,
      code: entry.name,
      name: entry.full_name,
      subName: entry.subName,
      chain: entry.chain,
      image: entry.image || `/coins/${entry.name.toLowerCase()}.svg`,
    }));
}

export type AmountErrorKey =
  | 'deposit:errors.amountRequired'
  | 'deposit:errors.amountInvalid'
  | 'deposit:errors.amountNotPositive'
  | 'deposit:errors.amountDecimals'
  | 'deposit:errors.amountTooLarge';

/** The message for a typed amount at the currency's scale, or null when it is good. */
export function amountErrorKey(text: string, scale: number): AmountErrorKey | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'deposit:errors.amountRequired';
  if (/^-\d/.test(trimmed)) return 'deposit:errors.amountNotPositive';
  const result = parseAmount(trimmed, scale);
  if (result.ok) return null;
  switch (result.error) {
    case 'invalid':
      return 'deposit:errors.amountInvalid';
    case 'not_positive':
      return 'deposit:errors.amountNotPositive';
    case 'too_many_decimals':
      return 'deposit:errors.amountDecimals';
    case 'too_large':
      return 'deposit:errors.amountTooLarge';
    default:
      return assertNever(result.error);
  }
}

/** An amount from the server without its trailing zeros ("100.000000" -> "100"), exactly. */
export function plainAmount(text: string): string {
  const normalised = normalizeDecimal(text);
  return normalised.ok ? normalised.value : text;
}

/** Keeps what a person types in an amount box to digits and one decimal point (comma read as point). */
export function cleanAmountInput(text: string): string {
  const normalised = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = normalised.indexOf('.');
  return point === -1
    ? normalised
    : `${normalised.slice(0, point + 1)}${normalised.slice(point + 1).replace(/\./g, '')}`;
}

export type ImageCheckKey = 'deposit:voucher.type' | 'deposit:voucher.size';

/** A voucher the server would refuse anyway, caught before it is sent. */
export function checkVoucherFile(file: { type: string; size: number }): ImageCheckKey | null {
  if (!(uploadImageTypes as readonly string[]).includes(file.type)) return 'deposit:voucher.type';
  if (file.size > uploadMaxBytes) return 'deposit:voucher.size';
  return null;
}

/** What a submission sends; a retry of the very same values may reuse its Idempotency-Key. */
export type DepositAttempt = {
  readonly currency: number;
  readonly chain: string;
  readonly amount: string;
  readonly voucher: string;
};

function sameAttempt(left: DepositAttempt, right: DepositAttempt): boolean {
  return (
    left.currency === right.currency &&
    left.chain === right.chain &&
    left.amount === right.amount &&
    left.voucher === right.voucher
  );
}

/**
 * The Idempotency-Key of a submission: the previous attempt's when it got no answer (network,
 * timeout) and nothing changed, so a retry cannot file the deposit twice; a new one otherwise
 * (an answered attempt's key would replay that answer).
 */
export function attemptKey(params: {
  readonly attempt: DepositAttempt;
  readonly previous: { attempt: DepositAttempt; key: string; answered: boolean } | null;
  readonly newKey: () => string;
}): string {
  const { previous } = params;
  if (previous && !previous.answered && sameAttempt(previous.attempt, params.attempt)) return previous.key;
  return params.newKey();
}

/** How the payment voucher is checked and what its upload says when it fails. */
export const voucherUpload = {
  check: checkVoucherFile,
  messages: {
    failed: 'deposit:voucher.failed',
    format: 'deposit:voucher.format',
    network: 'deposit:voucher.network',
  },
} as const;
