/**
 * Payout methods: the user's saved withdrawal addresses and bank cards (domestic, international).
 * Every change carries the payment password (`pay_password`, our addition to the client
 * contract's field lists: reliability case 13).
 */
import { z } from 'zod';
import { passwordLengthMax } from './accounts';
import { positiveIntParam } from './envelope';
import { getRoute, postRoute } from './route';
import { uploadPathPattern } from './upload';

/** Saved addresses a user may keep at once (deleted ones do not count). */
export const walletAddressesPerUserMax = 20;
export const walletAddressPageSize = 10;
export const walletAddressPageSizeMax = 50;
export const walletAddressNameLengthMax = 30;

/** A label: letters of any script, digits, spaces, dot, dash and underscore. */
const walletAddressNamePattern = /^[\p{L}\p{M}\p{N} ._-]+$/u;

/**
 * Address formats per chain (format only, no checksum): BTC bech32 `bc1…` or base58 `1…`/`3…`,
 * ERC20 `0x` and 40 hex digits, TRC20 `T` and 33 base58 characters. A chain configured later
 * without a pattern here takes the generic one.
 */
const chainAddressPatterns: Readonly<Record<string, RegExp>> = {
  BTC: /^(bc1[ac-hj-np-z02-9]{8,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
};
const genericAddressPattern = /^[A-Za-z0-9:._-]{8,128}$/;

/** Whether `address` has the format of an address on `chain`. */
export function isAddressForChain(chain: string, address: string): boolean {
  return (chainAddressPatterns[chain] ?? genericAddressPattern).test(address);
}

const payPasswordField = z.string().min(1).max(passwordLengthMax);

/** Form clients send an empty `chain` for one-chain currencies: it means "not given". */
const chainField = z
  .string()
  .trim()
  .toUpperCase()
  .max(16)
  .regex(/^[A-Z0-9]*$/)
  .transform((chain) => (chain === '' ? undefined : chain));

/**
 * The fields of POST /user/wallet/save a form checks by itself. `currency` is the currency id of
 * GET /currency/list; `chain` is required when the currency has more than one (USDT: ERC20,
 * TRC20); `qrcode` is a path POST /upload replied to the caller.
 */
export const walletAddressFields = {
  currency: positiveIntParam,
  chain: chainField.optional(),
  name: z.string().trim().min(1).max(walletAddressNameLengthMax).regex(walletAddressNamePattern),
  address: z.string().trim().min(1).max(128),
  qrcode: z.string().trim().regex(uploadPathPattern),
  pay_password: payPasswordField,
};

/** POST /user/wallet/save */
export const walletAddressSaveBodySchema = z.strictObject(walletAddressFields);

/** GET /user/wallet/list: newest first, 10 per page unless `limit` (at most 50) says otherwise. */
export const walletAddressListQuerySchema = z.strictObject({
  page: positiveIntParam.optional(),
  limit: positiveIntParam.pipe(z.number().max(walletAddressPageSizeMax)).optional(),
});

/** POST /user/wallet/delete */
export const walletAddressDeleteBodySchema = z.strictObject({
  id: positiveIntParam,
  pay_password: payPasswordField,
});

export const walletAddressSchema = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  /** The currency's code, e.g. "USDT". */
  currency: z.string(),
  /** The currency's icon, e.g. "/coins/usdt.svg". */
  image: z.string(),
  /** The network the address was checked against, e.g. "TRC20" (always set). */
  chain: z.string(),
  name: z.string(),
  address: z.string(),
  /** The QR code image (private: served to its owner and staff only). */
  qrcode: z.string(),
  /** Milliseconds since the epoch. */
  created_at: z.number().int(),
});
export type WalletAddress = z.infer<typeof walletAddressSchema>;

export const walletAddressListReplySchema = z.object({
  list: z.array(walletAddressSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type WalletAddressList = z.infer<typeof walletAddressListReplySchema>;

export const walletAddressDeleteReplySchema = z.object({ id: z.number().int() });

/**
 * Bank cards. Wire names are the stored names of spec section 3: alipay_account is the ABA
 * (routing) number, bank_dizhi the province/city, bank_network the branch, wechat_account the
 * cardholder's address; the SWIFT code travels as swift_code (wechat_nickname, its other stored
 * name, is accepted too and replied with the same value).
 */
export const bankCardRegions = ['domestic', 'international'] as const;
export type BankCardRegion = (typeof bankCardRegions)[number];

const personNamePattern = /^[\p{L}\p{M} .'-]+$/u;
const bankTextPattern = /^[\p{L}\p{M}\p{N} .,'&()#/-]+$/u;

function compact(value: string): string {
  return value.replace(/[\s-]/g, '');
}

const bankText = (min: number, max: number) => z.string().trim().min(min).max(max).regex(bankTextPattern);
const compactMatching = (pattern: RegExp, options: { upper?: boolean } = {}) =>
  z
    .string()
    .max(100)
    .transform((value) => (options.upper ? compact(value).toUpperCase() : compact(value)))
    .pipe(z.string().regex(pattern));

/** 8 or 11 characters: bank (4 letters), country (2 letters), location (2), optional branch (3). */
const swiftCodeField = compactMatching(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { upper: true });

const bankCardCommonFields = {
  real_name: z.string().trim().min(2).max(64).regex(personNamePattern),
  bank_name: bankText(2, 64),
  bank_network: bankText(2, 64),
  bank_dizhi: bankText(2, 64),
  phone: compactMatching(/^\+?\d{6,20}$/),
  wechat_account: bankText(5, 200),
  swift_code: swiftCodeField,
};

/**
 * Per region: a domestic card has a 9-digit ABA routing number and an account or card number of
 * 6-20 digits; an international one a routing number (ABA, sort code, BSB, IFSC…) and an account
 * number or IBAN of 6-34 letters or digits. Spaces and dashes are ignored.
 */
export function bankCardFieldsFor(region: BankCardRegion) {
  return region === 'domestic'
    ? {
        ...bankCardCommonFields,
        alipay_account: compactMatching(/^\d{9}$/),
        bank_account: compactMatching(/^\d{6,20}$/),
      }
    : {
        ...bankCardCommonFields,
        alipay_account: compactMatching(/^[A-Z0-9]{6,34}$/, { upper: true }),
        bank_account: compactMatching(/^[A-Z0-9]{6,34}$/, { upper: true }),
      };
}

/** The card form's fields as a form checks them (SWIFT code once, payment password). */
export function bankCardFormSchema(region: BankCardRegion) {
  return z.strictObject({ ...bankCardFieldsFor(region), pay_password: payPasswordField });
}

const optionalSwiftCode = z
  .string()
  .max(100)
  .transform((value) => compact(value).toUpperCase())
  .pipe(z.union([z.literal(''), swiftCodeField]))
  .optional();

/**
 * POST /user/cash_save (domestic) and /user/cash_save_international: every field is required;
 * the SWIFT code in swift_code or wechat_nickname (both given: they must agree).
 */
export function bankCardSaveBodySchema(region: BankCardRegion) {
  return z
    .strictObject({
      ...bankCardFieldsFor(region),
      swift_code: optionalSwiftCode,
      wechat_nickname: optionalSwiftCode,
      pay_password: payPasswordField,
    })
    .superRefine((body, context) => {
      if (!body.swift_code && !body.wechat_nickname) {
        context.addIssue({ code: 'custom', path: ['swift_code'], message: 'swift_required' });
      } else if (body.swift_code && body.wechat_nickname && body.swift_code !== body.wechat_nickname) {
        context.addIssue({ code: 'custom', path: ['wechat_nickname'], message: 'swift_mismatch' });
      }
    })
    .transform(({ wechat_nickname, swift_code, ...card }) => ({
      ...card,
      swift_code: swift_code || wechat_nickname || '',
    }));
}

/** POST /user/cash_info and /user/cash_info_international take no fields (and may have no body). */
export const bankCardInfoBodySchema = z.strictObject({}).nullish();

export const bankCardSchema = z.object({
  id: z.number().int(),
  region: z.enum(bankCardRegions),
  alipay_account: z.string(),
  real_name: z.string(),
  /** In full: only its owner reads this reply. */
  bank_account: z.string(),
  /** For lists: "**** 1234". */
  bank_account_masked: z.string(),
  bank_dizhi: z.string(),
  bank_name: z.string(),
  bank_network: z.string(),
  swift_code: z.string(),
  /** The SWIFT code again, under its other stored name. */
  wechat_nickname: z.string(),
  phone: z.string(),
  wechat_account: z.string(),
  /** Milliseconds since the epoch. */
  updated_at: z.number().int(),
});
export type BankCard = z.infer<typeof bankCardSchema>;

/** The saved card of that region, or null when there is none. */
export const bankCardInfoReplySchema = bankCardSchema.nullable();

export const userWalletSaveRoute = postRoute('/user/wallet/save', {
  policy: 'user',
  body: walletAddressSaveBodySchema,
  reply: walletAddressSchema,
});

export const userWalletListRoute = getRoute('/user/wallet/list', {
  policy: 'user',
  query: walletAddressListQuerySchema,
  reply: walletAddressListReplySchema,
});

export const userWalletDeleteRoute = postRoute('/user/wallet/delete', {
  policy: 'user',
  body: walletAddressDeleteBodySchema,
  reply: walletAddressDeleteReplySchema,
});

/** Bind or read the bank card of one region (domestic or international): the client contract's paths. */
export const userCashSaveRoute = postRoute('/user/cash_save', {
  policy: 'user',
  body: bankCardSaveBodySchema('domestic'),
  reply: bankCardSchema,
});
export const userCashInfoRoute = postRoute('/user/cash_info', {
  policy: 'user',
  body: bankCardInfoBodySchema,
  reply: bankCardInfoReplySchema,
});
export const userCashSaveInternationalRoute = postRoute('/user/cash_save_international', {
  policy: 'user',
  body: bankCardSaveBodySchema('international'),
  reply: bankCardSchema,
});
export const userCashInfoInternationalRoute = postRoute('/user/cash_info_international', {
  policy: 'user',
  body: bankCardInfoBodySchema,
  reply: bankCardInfoReplySchema,
});
