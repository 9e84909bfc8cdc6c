/**
 * Payout methods: the withdrawal addresses and bank cards a user saves (with the payment password),
 * and the lookup withdrawals use to freeze a destination into a request.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { Database, DatabaseHandle } from '../../platform/db/database';
import type { FileStorage } from '../../platform/storage/file-storage';

export type PayoutMethodsModuleDeps = {
  readonly database: DatabaseHandle;
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
      readonly chain: string | null;
      readonly name: string;
      readonly address: string;
    }
  | {
      readonly kind: 'bank_card';
      readonly id: number;
      readonly region: 'domestic' | 'international';
      readonly realName: string;
      readonly bankName: string;
      readonly bankAccount: string;
      readonly fields: Readonly<Record<string, string>>;
    };

/** The user's own saved destination, or null (another user's id or a deleted one answers null). */
export async function findPayoutDestination(
  _db: Database,
  _params: { readonly userId: number; readonly kind: PayoutDestination['kind']; readonly id: number },
): Promise<PayoutDestination | null> {
  return null;
}

export function payoutMethodsRoutes(_deps: PayoutMethodsModuleDeps): FastifyPluginAsyncZod {
  return async () => {};
}
