import {
  type BankCard,
  type BankCardRegion,
  isAddressForChain,
  uploadImageTypes,
  uploadMaxBytes,
  walletAddressFields,
} from '@fairex/contract';
import { z } from 'zod';

/**
 * Pure rules of the payout-method screens (spec sections 3 and 5): the coins and networks an
 * address can be on, the forms' schemas and their messages, and small formatting helpers.
 */

/** One currency of GET /currency/list with the networks it travels on. */
export type Coin = {
  readonly id: number;
  readonly code: string;
  readonly image: string | null;
  readonly chains: readonly string[];
};

/** What this screen reads of a GET /currency/list entry (one per currency and network). */
export type CoinEntryLike = {
  id: number;
  name: string;
  chain?: string | null | undefined;
  subName?: string | null | undefined;
  image?: string | null | undefined;
  status?: number | null | undefined;
};

/** Groups the list's entries by currency, keeping its order and skipping disabled ones. */
export function coinsFrom(entries: readonly CoinEntryLike[]): Coin[] {
  const coins = new Map<number, { id: number; code: string; image: string | null; chains: string[] }>();
  for (const entry of entries) {
    if (entry.status !== undefined && entry.status !== null && entry.status !== 1) continue;
    const coin = coins.get(entry.id) ?? {
      id: entry.id,
      code: entry.name,
      image: entry.image ?? null,
      chains: [],
    };
    const chain = entry.chain ?? entry.subName ?? null;
    if (chain && !coin.chains.includes(chain)) coin.chains.push(chain);
    coins.set(entry.id, coin);
  }
  return [...coins.values()];
}

/** The network an address is checked against: the chosen one, or the coin's only one. */
export function effectiveChain(coin: Coin | undefined, chosen: string): string | null {
  if (chosen) return chosen;
  return coin?.chains.length === 1 ? (coin.chains[0] ?? null) : null;
}

/** "bc1qar0s…f5mdq": the start and end of a long address. */
export function shortenAddress(address: string, head = 8, tail = 6): string {
  return address.length <= head + tail + 1 ? address : `${address.slice(0, head)}…${address.slice(-tail)}`;
}

/** /pages/setting/bank is the domestic card, /pages/setting/bank_international the other. */
export function regionOfPath(pathname: string): BankCardRegion {
  return pathname.endsWith('/bank_international') ? 'international' : 'domestic';
}

/** What zod tells about one failed field (a subset of its issue). */
export type FieldIssue = { code: string; path?: readonly PropertyKey[]; input?: unknown; message?: string };

function isBlank(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

export type AddressErrorKey =
  | 'payout:errors.required'
  | 'payout:errors.currencyRequired'
  | 'payout:errors.chainRequired'
  | 'payout:errors.nameTooLong'
  | 'payout:errors.nameChars'
  | 'payout:errors.addressFormat'
  | 'payout:errors.qrcodeRequired'
  | 'payout:errors.payPasswordRequired';

/** The add-address form's values; `currency` is the id as the picker holds it ("" = none). */
export type AddressFormValues = {
  currency: string;
  chain: string;
  name: string;
  address: string;
  qrcode: string;
  pay_password: string;
};

/**
 * The add-address form: the contract's field rules, plus what needs the currency list (a network
 * when the coin has several; the address in that network's format). Messages are locale keys.
 */
export function addressFormSchema(coins: readonly Coin[]) {
  return z
    .object({
      currency: z.string().regex(/^\d+$/, 'payout:errors.currencyRequired'),
      chain: z.string(),
      name: walletAddressFields.name,
      address: z.string().trim().min(1).max(128),
      qrcode: z.string(),
      pay_password: walletAddressFields.pay_password,
    })
    .superRefine((values, context) => {
      if (!walletAddressFields.qrcode.safeParse(values.qrcode).success) {
        context.addIssue({ code: 'custom', path: ['qrcode'], message: 'payout:errors.qrcodeRequired' });
      }
      const coin = coins.find((candidate) => String(candidate.id) === values.currency);
      if (!coin) return;
      if (coin.chains.length > 1 && !values.chain) {
        context.addIssue({ code: 'custom', path: ['chain'], message: 'payout:errors.chainRequired' });
        return;
      }
      const chain = effectiveChain(coin, values.chain);
      const address = values.address.trim();
      if (chain && address && !isAddressForChain(chain, address)) {
        context.addIssue({ code: 'custom', path: ['address'], message: 'payout:errors.addressFormat' });
      }
    });
}

/** The message key for one add-address issue without a message of its own. */
export function addressIssueKey(issue: FieldIssue): AddressErrorKey {
  const field = String(issue.path?.[0] ?? '');
  if (field === 'currency') return 'payout:errors.currencyRequired';
  if (field === 'pay_password') return 'payout:errors.payPasswordRequired';
  if (isBlank(issue.input))
    return field === 'qrcode' ? 'payout:errors.qrcodeRequired' : 'payout:errors.required';
  if (field === 'name')
    return issue.code === 'too_big' ? 'payout:errors.nameTooLong' : 'payout:errors.nameChars';
  if (field === 'address') return 'payout:errors.addressFormat';
  return 'payout:errors.required';
}

/** The card form's fields, in the order the form shows them. */
export const bankCardFields = [
  'real_name',
  'phone',
  'wechat_account',
  'bank_name',
  'bank_network',
  'bank_dizhi',
  'swift_code',
  'alipay_account',
  'bank_account',
] as const;
export type BankCardField = (typeof bankCardFields)[number];
export type BankCardFormValues = Record<BankCardField | 'pay_password', string>;

export type CardErrorKey =
  | 'payout:errors.required'
  | 'payout:errors.payPasswordRequired'
  | 'payout:errors.realName'
  | 'payout:errors.phone'
  | 'payout:errors.holderAddress'
  | 'payout:errors.text'
  | 'payout:errors.swift'
  | 'payout:errors.abaDomestic'
  | 'payout:errors.abaInternational'
  | 'payout:errors.accountDomestic'
  | 'payout:errors.accountInternational';

const cardFieldKeys: Record<BankCardRegion, Record<BankCardField, CardErrorKey>> = {
  domestic: {
    real_name: 'payout:errors.realName',
    phone: 'payout:errors.phone',
    wechat_account: 'payout:errors.holderAddress',
    bank_name: 'payout:errors.text',
    bank_network: 'payout:errors.text',
    bank_dizhi: 'payout:errors.text',
    swift_code: 'payout:errors.swift',
    alipay_account: 'payout:errors.abaDomestic',
    bank_account: 'payout:errors.accountDomestic',
  },
  international: {
    real_name: 'payout:errors.realName',
    phone: 'payout:errors.phone',
    wechat_account: 'payout:errors.holderAddress',
    bank_name: 'payout:errors.text',
    bank_network: 'payout:errors.text',
    bank_dizhi: 'payout:errors.text',
    swift_code: 'payout:errors.swift',
    alipay_account: 'payout:errors.abaInternational',
    bank_account: 'payout:errors.accountInternational',
  },
};

function isCardField(field: string): field is BankCardField {
  return (bankCardFields as readonly string[]).includes(field);
}

/** The message key for one card-form issue: "required" when blank, else what the field needs. */
export function cardIssueKey(region: BankCardRegion, issue: FieldIssue): CardErrorKey {
  const field = String(issue.path?.[0] ?? '');
  if (field === 'pay_password') return 'payout:errors.payPasswordRequired';
  if (isBlank(issue.input)) return 'payout:errors.required';
  return isCardField(field) ? cardFieldKeys[region][field] : 'payout:errors.required';
}

export const emptyCardValues: BankCardFormValues = {
  real_name: '',
  phone: '',
  wechat_account: '',
  bank_name: '',
  bank_network: '',
  bank_dizhi: '',
  swift_code: '',
  alipay_account: '',
  bank_account: '',
  pay_password: '',
};

/** The form prefilled from the saved card (never with the payment password). */
export function cardFormValues(card: BankCard | null): BankCardFormValues {
  if (!card) return emptyCardValues;
  return {
    real_name: card.real_name,
    phone: card.phone,
    wechat_account: card.wechat_account,
    bank_name: card.bank_name,
    bank_network: card.bank_network,
    bank_dizhi: card.bank_dizhi,
    swift_code: card.swift_code,
    alipay_account: card.alipay_account,
    bank_account: card.bank_account,
    pay_password: '',
  };
}

export type ImageCheckKey = 'payout:upload.type' | 'payout:upload.size';

/** An image the server would refuse anyway, caught before it is sent. */
export function checkImageFile(file: { type: string; size: number }): ImageCheckKey | null {
  if (!(uploadImageTypes as readonly string[]).includes(file.type)) return 'payout:upload.type';
  if (file.size > uploadMaxBytes) return 'payout:upload.size';
  return null;
}

/** How the address's QR code image is checked and what its upload says when it fails. */
export const qrUpload = {
  check: checkImageFile,
  messages: {
    failed: 'payout:upload.failed',
    format: 'payout:upload.format',
    network: 'payout:upload.network',
  },
} as const;
