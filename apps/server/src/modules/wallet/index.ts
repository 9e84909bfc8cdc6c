/**
 * The user's accounts as the wallet screens show them: currencies, balances per account kind,
 * transfers between the user's own accounts, and bills. Balances come from the ledger only; the
 * module has no tables. In demo mode it also seeds the demo user and offers test funds.
 */

import type { UserAccountKindName } from '@fairex/domain';
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import type { Ledger } from '../ledger';
import type { MarketService } from '../market';
import { seedDemoUser } from './wallet.demo';
import { walletHttpRoutes } from './wallet.routes';
import { createWalletService } from './wallet.service';

/** @public */
export { demoUser } from './wallet.demo';

export type WalletModuleDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly prices: Pick<MarketService, 'referencePrice'>;
  readonly config: { readonly demo: boolean };
  readonly logger: { info(object: object, message: string): void };
  /** The account kinds the registered modules are the product of: transfers go only into these. */
  readonly servedAccountKinds: ReadonlySet<UserAccountKindName>;
};

export const walletManifest = {
  name: 'wallet',
  entryKinds: ['transfer', 'demo_funds'],
  accountKinds: ['legal', 'change'],
  shortcuts: ['bills', 'coin_transfer'],
  localeNamespace: 'wallet',
} as const satisfies ModuleManifest;

export async function createWalletModule(deps: WalletModuleDeps): Promise<AppModule> {
  const { db, clock, ledger, config } = deps;
  const wallet = createWalletService({
    db,
    clock,
    ledger,
    prices: deps.prices,
    servedAccountKinds: deps.servedAccountKinds,
  });
  if (config.demo) {
    const userId = await seedDemoUser({ db, clock, ledger });
    deps.logger.info({ userId }, 'demo user ready with test funds from the demo faucet');
  }
  return {
    ...walletManifest,
    routes: walletHttpRoutes({ wallet, db, clock, demo: config.demo, ledger }),
  };
}
