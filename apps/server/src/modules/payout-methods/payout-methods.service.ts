import {
  type BankCard,
  type BankCardRegion,
  type WalletAddress,
  type WalletAddressList,
  walletAddressesPerUserMax,
} from '@fairex/contract';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import { verifyPayPassword } from '../accounts';
import { listCurrencies } from '../ledger';
import { markUploadPrivate, readOwnPublicUpload } from '../upload';
import {
  type AddressCurrency,
  addressView,
  type CardFields,
  cardView,
  checkAddress,
  listWindow,
  qrTextNamesAddress,
  sameAddress,
} from './payout-methods.domain';
import { payoutMethodsError } from './payout-methods.errors';
import { readQrText } from './payout-methods.qr';
import {
  countLiveAddresses,
  findCard,
  insertAddress,
  listLiveAddresses,
  liveAddressesOn,
  lockUserAddresses,
  softDeleteAddress,
  upsertCard,
} from './payout-methods.repository';

export type PayoutMethodsServiceDeps = {
  readonly db: Database;
  readonly clock: Clock;
  /** Where uploads live: the QR code image is read to check the address it encodes. */
  readonly storage: FileStorage;
};

/** POST /user/wallet/save, as the routes read it. */
export type NewWalletAddress = {
  readonly currencyId: number;
  readonly chain: string | undefined;
  readonly name: string;
  readonly address: string;
  readonly qrcode: string;
  readonly payPassword: string;
};

export type PayoutMethodsService = {
  saveAddress(params: { userId: number; address: NewWalletAddress }): Promise<WalletAddress>;
  listAddresses(params: { userId: number; page?: number; limit?: number }): Promise<WalletAddressList>;
  deleteAddress(params: { userId: number; id: number; payPassword: string }): Promise<{ id: number }>;
  saveCard(params: {
    userId: number;
    region: BankCardRegion;
    fields: CardFields;
    payPassword: string;
  }): Promise<BankCard>;
  cardInfo(params: { userId: number; region: BankCardRegion }): Promise<BankCard | null>;
};

async function currenciesById(db: Database): Promise<Map<number, AddressCurrency>> {
  return new Map((await listCurrencies(db)).map((currency) => [currency.id, currency]));
}

export function createPayoutMethodsService(deps: PayoutMethodsServiceDeps): PayoutMethodsService {
  const { db, clock, storage } = deps;

  /**
   * Reliability case 13: every change needs the payment password. Checked outside the change's
   * transaction, so a wrong one counts towards the lockout even though nothing is stored.
   */
  const requirePayPassword = (userId: number, password: string) =>
    verifyPayPassword(db, { userId, password, clock });

  return {
    async saveAddress({ userId, address }) {
      const currencies = await currenciesById(db);
      const currency = currencies.get(address.currencyId) ?? null;
      const checked = checkAddress({ currency, chain: address.chain, address: address.address });
      if (!checked.ok) throw payoutMethodsError(checked.error);
      await requirePayPassword(userId, address.payPassword);
      const image = await readOwnPublicUpload(db, storage, { path: address.qrcode, ownerUserId: userId });
      if (!image) throw payoutMethodsError('qrcode_invalid');
      // Spec section 5 asks for the address's QR code: it must be one, and of the address typed.
      const qrText = await readQrText(image);
      if (qrText === null) throw payoutMethodsError('qrcode_unreadable');
      if (!qrTextNamesAddress(qrText, address.address)) throw payoutMethodsError('qrcode_mismatch');
      const record = await db.transaction(async (tx) => {
        await lockUserAddresses(tx, userId);
        if ((await countLiveAddresses(tx, userId)) >= walletAddressesPerUserMax) {
          throw payoutMethodsError('address_limit');
        }
        const candidate = { chain: checked.chain, address: address.address };
        const sameNetwork = await liveAddressesOn(tx, {
          userId,
          currencyId: address.currencyId,
          chain: checked.chain,
        });
        if (sameNetwork.some((saved) => sameAddress(saved, candidate)))
          throw payoutMethodsError('address_exists');
        // The QR code turns private with the address that refers to it, or not at all.
        if (
          !(await markUploadPrivate(tx, { path: address.qrcode, ownerUserId: userId, reviewer: 'finance' }))
        ) {
          throw payoutMethodsError('qrcode_invalid');
        }
        return insertAddress(tx, {
          userId,
          currencyId: address.currencyId,
          chain: checked.chain,
          name: address.name,
          address: address.address,
          qrcode: address.qrcode,
          createdAt: clock.now(),
        });
      });
      return addressView(record, currencies.get(record.currencyId));
    },

    async listAddresses({ userId, page, limit }) {
      const window = listWindow({ page, limit });
      const [records, total, currencies] = await Promise.all([
        listLiveAddresses(db, { userId, limit: window.limit, offset: window.offset }),
        countLiveAddresses(db, userId),
        currenciesById(db),
      ]);
      return {
        list: records.map((record) => addressView(record, currencies.get(record.currencyId))),
        page: window.page,
        limit: window.limit,
        total,
      };
    },

    async deleteAddress({ userId, id, payPassword }) {
      await requirePayPassword(userId, payPassword);
      const deleted = await softDeleteAddress(db, { userId, id, now: clock.now() });
      if (!deleted) throw payoutMethodsError('address_not_found');
      return { id };
    },

    async saveCard({ userId, region, fields, payPassword }) {
      await requirePayPassword(userId, payPassword);
      return cardView(await upsertCard(db, { userId, region, fields, now: clock.now() }));
    },

    async cardInfo({ userId, region }) {
      const card = await findCard(db, { userId, region });
      return card ? cardView(card) : null;
    },
  };
}
