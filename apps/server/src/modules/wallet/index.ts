/**
 * The user's accounts as the wallet screens show them: currencies, balances per account kind,
 * transfers between the user's own accounts, and bills. Balances come from the ledger only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { DatabaseHandle } from '../../platform/db/database';

export type WalletModuleDeps = {
  readonly database: DatabaseHandle;
  readonly clock: Clock;
  readonly config: { readonly demo: boolean };
};

export function walletRoutes(_deps: WalletModuleDeps): FastifyPluginAsyncZod {
  return async () => {};
}
