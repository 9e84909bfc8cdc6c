/**
 * The NFT market's public surface (issue 21): artists, collections and artworks; custodial items
 * sold at a fixed price or by escrowed auction (settled by scheduled work exactly once); provably
 * fair blind boxes (packages/domain nft.domain.ts); resale after staff review. Its ledger checks:
 * 5 (escrow equals the deposits held) and 6 (each deposit and sale booked exactly once).
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { Ledger } from '../ledger';
import type { MarketService } from '../market';
import type { Scheduler } from '../schedule';
import { nftChecks } from './nft.checks';
import { seedDemoNft } from './nft.demo';
import { nftRoutes } from './nft.routes';
import { createNftService } from './nft.service';

export const nftManifest = {
  name: 'nft',
  entryKinds: [
    'nft_purchase',
    'nft_fee',
    'nft_royalty',
    'nft_deposit',
    'nft_deposit_release',
    'nft_deposit_forfeit',
  ],
  ledgerChecks: nftChecks,
  localeNamespace: 'nft',
} as const satisfies ModuleManifest;

/** The later public value of a box opening: every recorded price chain's head, by symbol. */
export function tickChainPublicValue(market: Pick<MarketService, 'tickChainHeads'>): () => string {
  return () => {
    const heads = market
      .tickChainHeads()
      .map((head) => `${head.symbol}:${head.id}:${head.hash}`)
      .sort();
    return heads.length > 0 ? heads.join(',') : 'none';
  };
}

export async function createNftModule(deps: {
  /** Demo installations start with a few artists, collections, artworks and one blind box. */
  readonly config: {
    readonly demo: boolean;
    readonly nftPaymentWindowMs: number;
    readonly nftExtensionWindowMs: number;
  };
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly scheduler: Scheduler;
  readonly market: Pick<MarketService, 'tickChainHeads'>;
  readonly storage: FileStorage;
}): Promise<AppModule> {
  const nft = createNftService({
    ...deps,
    publicValue: tickChainPublicValue(deps.market),
    paymentWindowMs: deps.config.nftPaymentWindowMs,
    extensionWindowMs: deps.config.nftExtensionWindowMs,
  });
  if (deps.config.demo) await seedDemoNft({ db: deps.db, clock: deps.clock, storage: deps.storage, nft });
  return { ...nftManifest, routes: nftRoutes(nft) };
}
