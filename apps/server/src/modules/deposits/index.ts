/** Deposits: operator deposit addresses, vouchers submitted by users, staff decisions. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { DatabaseHandle } from '../../platform/db/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { LedgerCheck } from '../ledger';

export type DepositsModuleDeps = {
  readonly database: DatabaseHandle;
  readonly clock: Clock;
  readonly config: { readonly demo: boolean };
  readonly storage: FileStorage;
};

/** Deposits' contributions to the ledger checks (reliability.md check 6: a voucher credits once). */
export const depositChecks: readonly LedgerCheck[] = [];

export function depositsRoutes(_deps: DepositsModuleDeps): FastifyPluginAsyncZod {
  return async () => {};
}
