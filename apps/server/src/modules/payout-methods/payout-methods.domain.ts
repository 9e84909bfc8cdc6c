/**
 * Pure rules of saved addresses and bank cards: which network an address is on, its format,
 * paging, masking and the wire views. No I/O, no clock.
 */
import {
  type BankCard,
  type BankCardRegion,
  isAddressForChain,
  type WalletAddress,
  walletAddressPageSize,
} from '@fairex/contract';
import type { PayoutMethodsErrorCode } from './payout-methods.errors';

/** What the address rules need to know of a currency. */
export type AddressCurrency = {
  readonly id: number;
  readonly code: string;
  readonly image: string;
  readonly chains: readonly string[];
  readonly status: number;
};

export type AddressRecord = {
  readonly id: number;
  readonly userId: number;
  readonly currencyId: number;
  readonly chain: string;
  readonly name: string;
  readonly address: string;
  readonly qrcode: string;
  readonly createdAt: Date;
};

export type CardFields = {
  readonly routingNumber: string;
  readonly realName: string;
  readonly accountNumber: string;
  readonly provinceCity: string;
  readonly bankName: string;
  readonly branch: string;
  readonly swiftCode: string;
  readonly phone: string;
  readonly holderAddress: string;
};

export type CardRecord = CardFields & {
  readonly id: number;
  readonly userId: number;
  readonly region: BankCardRegion;
  readonly updatedAt: Date;
};

type Refusal = { readonly ok: false; readonly error: PayoutMethodsErrorCode };

/**
 * The network of a new address: the one named, which the currency must offer, or the currency's
 * only one when none is named; and the address must have that network's format.
 */
export function checkAddress(params: {
  currency: AddressCurrency | null;
  chain: string | undefined;
  address: string;
}): { readonly ok: true; readonly chain: string } | Refusal {
  const { currency } = params;
  if (currency?.status !== 1 || currency.chains.length === 0) {
    return { ok: false, error: 'currency_invalid' };
  }
  let chain = params.chain;
  if (chain === undefined) {
    if (currency.chains.length > 1) return { ok: false, error: 'chain_required' };
    chain = currency.chains[0] ?? '';
  } else if (!currency.chains.includes(chain)) {
    return { ok: false, error: 'chain_invalid' };
  }
  if (!isAddressForChain(chain, params.address)) return { ok: false, error: 'address_invalid' };
  return { ok: true, chain };
}

/** Two addresses are the same when network and address match (EVM hex is case-insensitive). */
export function sameAddress(a: { chain: string; address: string }, b: { chain: string; address: string }) {
  if (a.chain !== b.chain) return false;
  return a.address.startsWith('0x')
    ? a.address.toLowerCase() === b.address.toLowerCase()
    : a.address === b.address;
}

/** Payment-URI schemes a wallet's QR code may wrap an address in (EIP-681, BIP-21, TRON's). */
const qrUriSchemes = ['ethereum', 'bitcoin', 'tron', 'usdt', 'tether'];

/**
 * The address a QR code's text names: the text itself, or the target of a payment URI
 * (`ethereum:0x…@1?value=…`, `ethereum:pay-0x…`, `bitcoin:bc1…?amount=…`, `tron:T…`). An EIP-681
 * token transfer (`ethereum:<token>@1/transfer?address=<recipient>`) names its recipient.
 */
export function addressInQrText(text: string): string {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(':');
  if (colon <= 0 || !qrUriSchemes.includes(trimmed.slice(0, colon).toLowerCase())) return trimmed;
  let rest = trimmed.slice(colon + 1).replace(/^\/\//, '');
  const queryStart = rest.indexOf('?');
  const query = new URLSearchParams(queryStart === -1 ? '' : rest.slice(queryStart + 1));
  if (queryStart !== -1) rest = rest.slice(0, queryStart);
  const [target = '', functionName] = rest.split('/');
  const recipient = query.get('address');
  if (functionName === 'transfer' && recipient) return recipient;
  return target.replace(/^pay-/, '').split('@')[0] ?? '';
}

/**
 * Whether a QR code's text names `address`. Hex EVM addresses compare without case (checksum
 * casing is optional); so does bech32, which BIP-173 defines case-insensitively and QR codes often
 * carry in capitals. Base58 (TRON, legacy BTC) is case-sensitive.
 */
export function qrTextNamesAddress(text: string, address: string): boolean {
  const named = addressInQrText(text);
  const caseless = /^0x[0-9a-f]{40}$/i.test(address) || /^(bc|tb)1[0-9a-z]+$/i.test(address);
  return caseless ? named.toLowerCase() === address.toLowerCase() : named === address;
}

/** Page and size of a list request: page from 1, `limit` (already capped by the contract) or 10. */
export function listWindow(params: { page: number | undefined; limit: number | undefined }) {
  const page = params.page ?? 1;
  const limit = params.limit ?? walletAddressPageSize;
  return { page, limit, offset: (page - 1) * limit };
}

/** "**** 1234": the last four characters only. */
export function maskAccountNumber(accountNumber: string): string {
  return `**** ${accountNumber.slice(-4)}`;
}

export function addressView(record: AddressRecord, currency: AddressCurrency | undefined): WalletAddress {
  return {
    id: record.id,
    currency_id: record.currencyId,
    currency: currency?.code ?? '',
    image: currency?.image ?? '',
    chain: record.chain,
    name: record.name,
    address: record.address,
    qrcode: record.qrcode,
    created_at: record.createdAt.getTime(),
  };
}

/** A card as its owner reads it: every field in full, plus the masked number for lists. */
export function cardView(record: CardRecord): BankCard {
  return {
    id: record.id,
    region: record.region,
    alipay_account: record.routingNumber,
    real_name: record.realName,
    bank_account: record.accountNumber,
    bank_account_masked: maskAccountNumber(record.accountNumber),
    bank_dizhi: record.provinceCity,
    bank_name: record.bankName,
    bank_network: record.branch,
    swift_code: record.swiftCode,
    wechat_nickname: record.swiftCode,
    phone: record.phone,
    wechat_account: record.holderAddress,
    updated_at: record.updatedAt.getTime(),
  };
}

/** The wire fields of a card (spec section 3's names), for a withdrawal's snapshot. */
export function cardWireFields(record: CardRecord): Record<string, string> {
  const {
    id: _id,
    region: _region,
    updated_at: _updated,
    bank_account_masked: _masked,
    ...fields
  } = cardView(record);
  return fields;
}

/** Which field of a refused body says what, by route family; null leaves the generic message. */
const walletFieldErrors: Readonly<Record<string, PayoutMethodsErrorCode>> = {
  currency: 'currency_invalid',
  chain: 'chain_invalid',
  name: 'name_invalid',
  address: 'address_invalid',
  qrcode: 'qrcode_required',
  pay_password: 'pay_password_required',
};

function cardFieldErrors(region: BankCardRegion): Readonly<Record<string, PayoutMethodsErrorCode>> {
  return {
    alipay_account: region === 'domestic' ? 'aba_domestic_invalid' : 'aba_international_invalid',
    real_name: 'real_name_invalid',
    bank_account: region === 'domestic' ? 'account_domestic_invalid' : 'account_international_invalid',
    bank_dizhi: 'province_city_invalid',
    bank_name: 'bank_name_invalid',
    bank_network: 'branch_invalid',
    swift_code: 'swift_invalid',
    wechat_nickname: 'swift_invalid',
    phone: 'phone_invalid',
    wechat_account: 'holder_address_invalid',
    pay_password: 'pay_password_required',
  };
}

/** A schema issue as the zod type provider reports it. */
export type ValidationIssue = {
  readonly keyword: string;
  readonly instancePath: string;
  readonly message?: string;
};

export type BodyKind = 'address' | 'address_delete' | { readonly card: BankCardRegion };

/**
 * The field-specific message for a refused body (spec section 5: a clear message per rule); an
 * unknown field or a body that is not an object keeps the generic "Parameter error".
 */
export function validationErrorFor(
  kind: BodyKind,
  issues: readonly ValidationIssue[],
): PayoutMethodsErrorCode | null {
  const fields =
    kind === 'address'
      ? walletFieldErrors
      : kind === 'address_delete'
        ? { pay_password: 'pay_password_required' as const }
        : cardFieldErrors(kind.card);
  for (const issue of issues) {
    if (issue.keyword === 'unrecognized_keys') return null;
  }
  for (const issue of issues) {
    const field = issue.instancePath.split('/')[1] ?? '';
    if (issue.keyword === 'custom' && issue.message === 'swift_mismatch') return 'swift_mismatch';
    const code = Object.hasOwn(fields, field) ? fields[field] : undefined;
    if (code) return code;
  }
  return null;
}
