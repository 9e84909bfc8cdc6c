/**
 * Pure rules of deposits: address formats per chain, which chain a request means, the amount
 * refusals, paging, and the reply views. No I/O: records come in, values go out.
 */
import {
  type DepositQueueEntry,
  type DepositRecord,
  type DepositStatus,
  depositPageSize,
  depositPendingMax,
} from '@fairex/contract';
import { type AmountRefusal, fromScaledBigint, parseAmount } from '@fairex/domain';

/** The `note` of the made-up addresses a demo installation seeds. */
export const demoAddressNote = 'demo';

/** Most requests a user may have waiting for review (a flood of vouchers is not a queue). */
export const pendingRequestsMax = depositPendingMax;

const base58 = '1-9A-HJ-NP-Za-km-z';
const bitcoinBase58 = new RegExp(`^[13][${base58}]{25,34}$`);
/** bech32/bech32m (segwit v0 and taproot): one case throughout, the bech32 character set. */
const bitcoinBech32 = /^bc1[02-9ac-hj-np-z]{11,71}$/;
const evmAddress = /^0x[0-9a-fA-F]{40}$/;
const tronAddress = new RegExp(`^T[${base58}]{33}$`);
/** Chains without a rule of their own (added by the operator later): a plain token, no spaces. */
const genericAddress = /^[A-Za-z0-9:_-]{8,128}$/;
const memoPattern = /^[A-Za-z0-9 _:.-]{1,64}$/;

/** Does `address` have the shape of an address on `chain`? (Shape only: no checksum, no lookup.) */
export function isAddressForChain(chain: string, address: string): boolean {
  switch (chain) {
    case 'BTC': {
      const lower = address.toLowerCase();
      const oneCase = address === lower || address === address.toUpperCase();
      return bitcoinBase58.test(address) || (oneCase && bitcoinBech32.test(lower));
    }
    case 'ERC20':
    case 'ETH':
    case 'BEP20':
      return evmAddress.test(address);
    case 'TRC20':
      return tronAddress.test(address);
    default:
      return genericAddress.test(address);
  }
}

export function isValidMemo(memo: string): boolean {
  return memoPattern.test(memo);
}

/** What a currency looks like to deposits. */
export type DepositCurrency = {
  readonly id: number;
  readonly code: string;
  readonly scale: number;
  readonly chains: readonly string[];
  readonly status: number;
};

/** Finds a currency by id or code among the enabled ones. */
export function findCurrency(
  currencies: readonly DepositCurrency[],
  ref: number | string,
): DepositCurrency | null {
  const found = currencies.find((currency) =>
    typeof ref === 'number' ? currency.id === ref : currency.code === ref,
  );
  return found && found.status === 1 ? found : null;
}

/**
 * The chain a deposit means: the one asked for if the currency has it; without one, the
 * currency's first chain that has an active address. Null: no such chain.
 */
export function chooseChain(params: {
  readonly currency: DepositCurrency;
  readonly requested: string | undefined;
  readonly activeChains: readonly string[];
}): string | null {
  const { currency, requested, activeChains } = params;
  if (requested !== undefined) return currency.chains.includes(requested) ? requested : null;
  return currency.chains.find((chain) => activeChains.includes(chain)) ?? currency.chains[0] ?? null;
}

/** Chains of the currency with an active address, in the currency's order. */
export function offeredChains(currency: DepositCurrency, activeChains: readonly string[]): string[] {
  return currency.chains.filter((chain) => activeChains.includes(chain));
}

export type AmountErrorCode =
  | 'amount_invalid'
  | 'amount_not_positive'
  | 'amount_too_many_decimals'
  | 'amount_too_large';

const amountErrors: Record<AmountRefusal, AmountErrorCode> = {
  invalid: 'amount_invalid',
  not_positive: 'amount_not_positive',
  too_many_decimals: 'amount_too_many_decimals',
  too_large: 'amount_too_large',
};

/** A typed amount in smallest units, or the refusal to show. "-1" is "not positive", not "invalid". */
export function depositAmount(
  text: string,
  scale: number,
): { ok: true; units: bigint } | { ok: false; error: AmountErrorCode } {
  const trimmed = text.trim();
  if (/^-\d+(\.\d+)?$/.test(trimmed)) return { ok: false, error: 'amount_not_positive' };
  const result = parseAmount(trimmed, scale);
  return result.ok ? result : { ok: false, error: amountErrors[result.error] };
}

/** The voucher path among the accepted field names; null when none, 'conflict' when they differ. */
export function voucherPathOf(fields: {
  readonly voucher?: string | undefined;
  readonly pic?: string | undefined;
  readonly image?: string | undefined;
}): string | null | 'conflict' {
  const given = [fields.voucher, fields.pic, fields.image].filter(
    (value): value is string => value !== undefined && value !== '',
  );
  if (given.length === 0) return null;
  return given.every((value) => value === given[0]) ? (given[0] ?? null) : 'conflict';
}

/** Page window of the deposit log and the staff queue (10 per page; `limit` may ask for fewer). */
export function pageWindow(
  page: number | undefined,
  limit?: number,
): { page: number; limit: number; offset: number } {
  const current = Math.max(1, page ?? 1);
  const size = Math.min(depositPageSize, Math.max(1, limit ?? depositPageSize));
  return { page: current, limit: size, offset: (current - 1) * size };
}

export type DepositRequestRecord = {
  readonly id: number;
  readonly userId: number;
  readonly currencyId: number;
  readonly chain: string;
  readonly amount: bigint;
  readonly sender: string;
  readonly voucher: string;
  readonly status: DepositStatus;
  readonly reason: string;
  readonly creditedAmount: bigint | null;
  readonly reviewedBy: number | null;
  readonly reviewedAt: Date | null;
  readonly createdAt: Date;
};

/** How each currency is named and scaled in a view. */
export type CurrencyLabel = { readonly code: string; readonly scale: number };

function labelOf(labels: ReadonlyMap<number, CurrencyLabel>, currencyId: number): CurrencyLabel {
  // A currency is never deleted; an unknown one still shows its amounts in whole smallest units.
  return labels.get(currencyId) ?? { code: String(currencyId), scale: 0 };
}

export function depositRecordView(
  record: DepositRequestRecord,
  labels: ReadonlyMap<number, CurrencyLabel>,
): DepositRecord {
  const { code, scale } = labelOf(labels, record.currencyId);
  return {
    id: record.id,
    currency_id: record.currencyId,
    currency: code,
    chain: record.chain,
    amount: fromScaledBigint(record.amount, scale),
    credited_amount: record.creditedAmount === null ? null : fromScaledBigint(record.creditedAmount, scale),
    status: record.status,
    reason: record.reason,
    voucher: record.voucher,
    created_at: record.createdAt.getTime(),
    reviewed_at: record.reviewedAt ? record.reviewedAt.getTime() : null,
  };
}

export function depositQueueEntryView(
  record: DepositRequestRecord,
  labels: ReadonlyMap<number, CurrencyLabel>,
  account: string,
): Omit<DepositQueueEntry, 'approvals' | 'approvals_required'> {
  return {
    ...depositRecordView(record, labels),
    user_id: record.userId,
    account,
    sender: record.sender,
    reviewed_by: record.reviewedBy,
  };
}

/** The ledger reference of a deposit's credit: unique, so a deposit is credited at most once. */
export function depositReference(id: number): string {
  return `deposit:${id}`;
}
