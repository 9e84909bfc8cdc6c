/** Withdrawals: saved addresses and bank cards, requests held in the ledger, staff decisions, payouts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { DatabaseHandle } from '../../platform/db/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { LedgerCheck } from '../ledger';

export type WithdrawalsModuleDeps = {
  readonly database: DatabaseHandle;
  readonly clock: Clock;
  readonly config: { readonly demo: boolean };
  readonly storage: FileStorage;
};

/** Withdrawals' contributions to the ledger checks (5: held = pending; 6: once; 8: 24 h limits). */
export const withdrawalChecks: readonly LedgerCheck[] = [];

export function withdrawalsRoutes(_deps: WithdrawalsModuleDeps): FastifyPluginAsyncZod {
  return async () => {};
}
