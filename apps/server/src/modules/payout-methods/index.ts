/**
 * Payout methods: the withdrawal addresses and bank cards a user saves (with the payment password),
 * and the lookup withdrawals use to freeze a destination into a request.
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import { cardWireFields, maskAccountNumber } from './payout-methods.domain';
import { findCardById, findLiveAddress } from './payout-methods.repository';
import { payoutMethodsRoutes as routes } from './payout-methods.routes';

export type PayoutMethodsModuleDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly config: { readonly demo: boolean };
  readonly storage: FileStorage;
};

/** A destination as a withdrawal request records it (a snapshot: later edits do not change it). */
export type PayoutDestination =
  | {
      readonly kind: 'address';
      readonly id: number;
      readonly currencyId: number;
      /** The network the address was saved on (always set, e.g. "BTC", "TRC20"). */
      readonly chain: string | null;
      readonly name: string;
      readonly address: string;
      /** The address's QR code image (private upload: owner and staff). */
      readonly qrcode: string;
    }
  | {
      readonly kind: 'bank_card';
      readonly id: number;
      readonly region: 'domestic' | 'international';
      readonly realName: string;
      readonly bankName: string;
      readonly bankAccount: string;
      /** "**** 1234", for lists. */
      readonly bankAccountMasked: string;
      /** Every field under its wire name (spec section 3): alipay_account, bank_dizhi, swift_code… */
      readonly fields: Readonly<Record<string, string>>;
    };

/**
 * The user's own saved destination, or null (another user's id or a deleted one answers null).
 * `db` may be the caller's transaction.
 */
export async function findPayoutDestination(
  db: Database,
  params: { readonly userId: number; readonly kind: PayoutDestination['kind']; readonly id: number },
): Promise<PayoutDestination | null> {
  if (params.kind === 'address') {
    const address = await findLiveAddress(db, { userId: params.userId, id: params.id });
    if (!address) return null;
    return {
      kind: 'address',
      id: address.id,
      currencyId: address.currencyId,
      chain: address.chain,
      name: address.name,
      address: address.address,
      qrcode: address.qrcode,
    };
  }
  const card = await findCardById(db, { userId: params.userId, id: params.id });
  if (!card) return null;
  return {
    kind: 'bank_card',
    id: card.id,
    region: card.region,
    realName: card.realName,
    bankName: card.bankName,
    bankAccount: card.accountNumber,
    bankAccountMasked: maskAccountNumber(card.accountNumber),
    fields: cardWireFields(card),
  };
}

export const payoutMethodsManifest = {
  name: 'payout-methods',
  localeNamespace: 'payoutMethods',
} as const satisfies ModuleManifest;

export function createPayoutMethodsModule(deps: PayoutMethodsModuleDeps): AppModule {
  return { ...payoutMethodsManifest, routes: routes(deps) };
}
