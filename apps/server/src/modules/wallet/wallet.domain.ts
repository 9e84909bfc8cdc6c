/**
 * Pure rules of the wallet: typed amounts, USDT equivalents, coin entries per chain, pages,
 * transfer records from bill lines, the demo-funds day, and the bill as CSV. No I/O; prices,
 * times and lines come in as arguments.
 */
import {
  type AmountRefusal,
  type Decimal,
  formatDecimal,
  fromScaledBigint,
  parseAmount,
  parseDecimal,
  roundDecimalHalfUp,
} from '@fairex/domain';

export type AmountErrorCode =
  | 'amount_required'
  | 'amount_invalid'
  | 'amount_not_positive'
  | 'amount_too_many_decimals'
  | 'amount_too_large';

const refusalCodes = {
  invalid: 'amount_invalid',
  not_positive: 'amount_not_positive',
  too_many_decimals: 'amount_too_many_decimals',
  too_large: 'amount_too_large',
} as const satisfies Record<AmountRefusal, AmountErrorCode>;

/** A typed amount at a currency's scale: smallest units, or why it is refused (never rounded). */
export function transferAmount(
  text: string,
  scale: number,
): { ok: true; units: bigint } | { ok: false; code: AmountErrorCode } {
  if (text.trim() === '') return { ok: false, code: 'amount_required' };
  const parsed = parseAmount(text, scale);
  return parsed.ok ? parsed : { ok: false, code: refusalCodes[parsed.error] };
}

/**
 * Whether funds may move into an account kind: only while a registered module is the product of
 * it (its manifest's accountKinds). Moving out is always allowed, so nothing is ever stranded.
 */
export function transferTargetOpen(to: string, servedAccountKinds: ReadonlySet<string>): boolean {
  return servedAccountKinds.has(to);
}

export type ValidationIssue = { readonly keyword: string; readonly instancePath: string };

const accountFields = new Set(['from_field', 'to_field', 'type']);
const currencyFields = new Set(['currency_id', 'currency', 'id']);

/**
 * The specific message for a refused wallet field: an account kind or currency that does not
 * exist, an amount that is not text. Unknown fields (another user's id, say) and wrong shapes
 * elsewhere stay the generic "Parameter error" (null).
 */
export function validationErrorFor(
  issues: readonly ValidationIssue[],
): 'account_unknown' | 'currency_unknown' | 'amount_invalid' | null {
  if (issues.some((issue) => issue.keyword === 'unrecognized_keys')) return null;
  for (const issue of issues) {
    const field = issue.instancePath.split('/')[1] ?? '';
    if (accountFields.has(field)) return 'account_unknown';
    if (currencyFields.has(field)) return 'currency_unknown';
    if (field === 'number') return 'amount_invalid';
  }
  return null;
}

/** USDT equivalents are shown with this many decimals; they never move money. */
export const equivalentDecimals = 2;

/** An exact non-negative quantity: digits × 10^-scale. */
export type Exact = { readonly digits: bigint; readonly scale: number };
export const exactZero: Exact = { digits: 0n, scale: 0 };

/** The exact USDT value of `units` of a currency with `scale` at `price` (decimal text); null if malformed. */
export function usdtValue(units: bigint, scale: number, price: string): Exact | null {
  const parsed = parseDecimal(price);
  if (!parsed.ok || parsed.value.negative) return null;
  return { digits: units * parsed.value.digits, scale: scale + parsed.value.scale };
}

export function addExact(left: Exact, right: Exact): Exact {
  const scale = Math.max(left.scale, right.scale);
  const align = (value: Exact) => value.digits * 10n ** BigInt(scale - value.scale);
  return { digits: align(left) + align(right), scale };
}

/** For display: half-up at 2 decimals, e.g. 1234.5 -> "1234.50". */
export function roundedEquivalent(value: Exact): string {
  const decimal: Decimal = { negative: false, digits: value.digits, scale: value.scale };
  return formatDecimal(roundDecimalHalfUp(decimal, equivalentDecimals));
}

/** The pieces of a currency the pure rules need. */
export type CurrencyFacts = {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly scale: number;
  readonly chains: readonly string[];
};

/** One coin entry per currency and chain; subName names the chain only when there are several. */
export function coinEntriesOf<C extends CurrencyFacts>(
  currencies: readonly C[],
): { currency: C; chain: string; subName: string | null }[] {
  return currencies.flatMap((currency) => {
    const chains = currency.chains.length > 0 ? currency.chains : [currency.code];
    return chains.map((chain) => ({
      currency,
      chain,
      subName: chains.length > 1 ? chain : null,
    }));
  });
}

/** Offset of a 1-based page of `size` items. */
export function pageOffset(page: number, size: number): number {
  return (page - 1) * size;
}

/** The part of a bill line the transfer history needs. */
export type TransferLine = {
  readonly entryId: bigint;
  readonly currencyId: number;
  readonly accountKind: number;
  readonly amount: bigint;
  readonly memo: Record<string, string | number | null> | null;
  readonly createdAt: Date;
};

export type TransferRecordValue = {
  readonly entryId: bigint;
  readonly currencyId: number;
  readonly amount: bigint;
  readonly from: string;
  readonly to: string;
  readonly time: number;
};

/**
 * Folds the postings of transfer entries (two per transfer: the debited and the credited
 * account, adjacent newest first) into one record per entry, in the lines' order. The memo
 * names the kinds; the amount is the credited leg.
 */
export function transferRecords(
  lines: readonly TransferLine[],
  kindName: (kind: number) => string,
): TransferRecordValue[] {
  const records = new Map<bigint, { line: TransferLine; from: string | null; to: string | null }>();
  for (const line of lines) {
    const record = records.get(line.entryId) ?? { line, from: null, to: null };
    if (line.amount < 0n) record.from = kindName(line.accountKind);
    else record.to = kindName(line.accountKind);
    if (line.amount > 0n) record.line = line;
    records.set(line.entryId, record);
  }
  return [...records.values()].map(({ line, from, to }) => {
    const memoFrom = typeof line.memo?.from === 'string' ? line.memo.from : null;
    const memoTo = typeof line.memo?.to === 'string' ? line.memo.to : null;
    return {
      entryId: line.entryId,
      currencyId: line.currencyId,
      amount: line.amount < 0n ? -line.amount : line.amount,
      from: memoFrom ?? from ?? '',
      to: memoTo ?? to ?? '',
      time: line.createdAt.getTime(),
    };
  });
}

/** Test funds may be claimed once per UTC day: the reference names the user and the day. */
export function demoFundsReference(userId: number, now: Date): string {
  return `demo-funds:${userId}:${now.toISOString().slice(0, 10)}`;
}

/** The start of the next UTC day, when the next claim is accepted. */
export function nextUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** What one CSV line holds. */
export type CsvBillLine = {
  readonly time: Date;
  readonly entryId: bigint;
  readonly postingId: bigint;
  readonly kind: string;
  readonly currency: string;
  readonly account: string;
  readonly amount: bigint;
  readonly balanceAfter: bigint;
  readonly scale: number;
  readonly reference: string | null;
  readonly tickId: bigint | null;
  readonly note: string | null;
};

/** The note a bill line shows: a balance adjustment carries the staff member's reason in its memo. */
export function billNoteOf(
  entryKind: string,
  memo: Readonly<Record<string, string | number | null>> | null,
): string | null {
  if (entryKind !== 'adjustment') return null;
  const reason = memo?.reason;
  return typeof reason === 'string' && reason.length > 0 ? reason : null;
}

export const billCsvHeader = [
  'time',
  'entry_id',
  'posting_id',
  'kind',
  'currency',
  'account',
  'amount',
  'balance_after',
  'reference',
  'tick_id',
  'note',
] as const;

/**
 * RFC 4180 field: quoted when it holds a comma, quote or line break. A leading =, +, - or @
 * of a text field is prefixed with ' so a spreadsheet does not run it as a formula.
 */
export function csvField(value: string, kind: 'text' | 'number' = 'text'): string {
  const safe = kind === 'text' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The bill as CSV: a header row, ISO times, decimal amounts at each currency's scale; CRLF lines. */
export function billCsv(lines: readonly CsvBillLine[]): string {
  const rows = [billCsvHeader.join(',')];
  for (const line of lines) {
    rows.push(
      [
        csvField(line.time.toISOString()),
        csvField(String(line.entryId), 'number'),
        csvField(String(line.postingId), 'number'),
        csvField(line.kind),
        csvField(line.currency),
        csvField(line.account),
        csvField(fromScaledBigint(line.amount, line.scale), 'number'),
        csvField(fromScaledBigint(line.balanceAfter, line.scale), 'number'),
        csvField(line.reference ?? ''),
        csvField(line.tickId === null ? '' : String(line.tickId), 'number'),
        csvField(line.note ?? ''),
      ].join(','),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}
