/**
 * The user's accounts as the wallet screens show them: currencies, balances per account kind,
 * transfers between the user's own accounts, and bills. Balances come from the ledger only; the
 * module has no tables. In demo mode it also seeds the demo user and offers test funds.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { DatabaseHandle } from '../../platform/db/database';
import { marketServiceFor } from '../market';
import { seedDemoUser } from './wallet.demo';
import { walletHttpRoutes } from './wallet.routes';
import { createWalletService } from './wallet.service';

/** @public */
export { demoUser } from './wallet.demo';

export type WalletModuleDeps = {
  readonly database: DatabaseHandle;
  readonly clock: Clock;
  readonly config: { readonly demo: boolean };
};

export function walletRoutes(deps: WalletModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const db = deps.database.db;
    const market = marketServiceFor({ database: deps.database, clock: deps.clock });
    const wallet = createWalletService({ db, clock: deps.clock, prices: market });
    if (deps.config.demo) {
      const userId = await seedDemoUser({ db, clock: deps.clock });
      app.log.info({ userId }, 'demo user ready with test funds from the demo faucet');
    }
    await app.register(walletHttpRoutes({ wallet, db, clock: deps.clock, demo: deps.config.demo }));
  };
}
