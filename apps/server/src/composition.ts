/**
 * The composition root: every module is built here, once, with the services it needs passed in.
 * Services other modules use (the ledger, the market, spot) are made first and handed on, so the
 * compiler enforces what must exist before what; nothing is found through a singleton. Adding a
 * product module is one line in `modules` below (and its manifest in its own index.ts).
 */
import { invariant, tradingEntryKinds, type UserAccountKindName } from '@fairex/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, simulatedMarketSeed } from './config';
import { accountsManifest, createAccountsModule, createSessionResolver } from './modules/accounts';
import { adjustmentsManifest, createAdjustmentsModule } from './modules/adjustments';
import { auditManifest, createAuditModule } from './modules/audit';
import { contentManifest, createContentModule } from './modules/content';
import { contractsManifest, createContractsModule } from './modules/contracts';
import { createDepositsModule, depositsManifest } from './modules/deposits';
import { createDualModule, dualManifest } from './modules/dual';
import { createFiatModule, createFiatRateSource, type FiatRateSource, fiatManifest } from './modules/fiat';
import { createHalts, createHaltsModule, type Halts, haltsManifest } from './modules/halts';
import { createIdempotencyModule, idempotencyManifest } from './modules/idempotency';
import { createIeoModule, ieoManifest } from './modules/ieo';
import { countUsersWithEntries, createLedgerModule, type Ledger, ledgerManifest } from './modules/ledger';
import {
  backfillDaysDefault,
  createMarketModule,
  type MarketOptions,
  type MarketService,
  marketManifest,
} from './modules/market';
import { createMiningModule, miningManifest } from './modules/mining';
import { createNftModule, nftManifest } from './modules/nft';
import { createOptionsModule, optionsManifest } from './modules/options';
import { createPayoutMethodsModule, payoutMethodsManifest } from './modules/payout-methods';
import { createScheduleModule, createScheduler, type Scheduler, scheduleManifest } from './modules/schedule';
import { createSpotModule, ensureMarketMakerUser, type SpotExchange, spotManifest } from './modules/spot';
import { createStaffModule, staffManifest, withStaffSessions } from './modules/staff';
import { createThrottleModule, throttleManifest } from './modules/throttle';
import { createTimezoneModule, timezoneManifest } from './modules/timezone';
import { createUploadModule, uploadManifest } from './modules/upload';
import { createUserAdminModule, userAdminManifest } from './modules/user-admin';
import { createVerificationModule, verificationManifest } from './modules/verification';
import { createWalletModule, walletManifest } from './modules/wallet';
import { createWalletAuthModule, walletAuthManifest } from './modules/wallet-auth';
import {
  createWithdrawalsModule,
  type PayoutGateway,
  payoutGatewayFrom,
  withdrawalsManifest,
} from './modules/withdrawals';
import type { AppModule, ModuleManifest } from './platform/app-module';
import type { Clock } from './platform/clock';
import type { Database } from './platform/db/database';
import type { MailSender, SmsSender } from './platform/delivery/delivery';
import type { SessionResolver } from './platform/http/route-policy';
import type { FileStorage } from './platform/storage/file-storage';

/** Everything the modules need from the world, built by main.ts or by a test. */
export type CompositionDeps = {
  readonly config: Config;
  readonly db: Database;
  readonly clock: Clock;
  readonly logger: FastifyBaseLogger;
  readonly storage: FileStorage;
  /**
   * The public fiat-rate service; null keeps the bundled table (offline installs, tests).
   * Unset: the one FIAT_RATES_URL names.
   */
  readonly fiatRateSource?: FiatRateSource | null;
  /** Overrides the payout gateway the config names (tests). */
  readonly payoutGateway?: PayoutGateway;
  /** Overrides the mail and SMS adapters the config names (tests). */
  readonly delivery?: { readonly mail: MailSender | null; readonly sms: SmsSender | null };
  /** Overrides market options (tests: seed, history depth). */
  readonly market?: Partial<MarketOptions>;
};

/** The built modules, the session resolver, and the services tests and jobs reach directly. */
export type Composition = {
  readonly modules: readonly AppModule[];
  readonly sessions: SessionResolver;
  readonly services: {
    readonly ledger: Ledger;
    readonly market: MarketService;
    readonly spot: SpotExchange;
    readonly scheduler: Scheduler;
    readonly halts: Halts;
    readonly payoutGateway: PayoutGateway;
  };
};

/** What every module may be built from: the world, and the services several modules share. */
type Kernel = CompositionDeps & {
  readonly ledger: Ledger;
  readonly market: MarketService;
  readonly spot: SpotExchange;
  readonly scheduler: Scheduler;
  readonly halts: Halts;
  readonly payoutGateway: PayoutGateway;
  /**
   * The user account kinds some registered module is the product of (its manifest's
   * accountKinds): the wallet moves funds only into these, so registering a module that declares
   * `lever` or `micro` opens transfers into that account.
   */
  readonly servedAccountKinds: ReadonlySet<UserAccountKindName>;
  /** The Home shortcuts of the modules registered before content (all of them: it is last). */
  readonly shippedShortcuts: ReadonlySet<string>;
};

type Registration = {
  readonly manifest: ModuleManifest;
  build(kernel: Kernel): AppModule | Promise<AppModule>;
};

/**
 * Every module, in the order its routes are registered (nothing depends on the order). A new
 * product module is one line here. Ledger, market and spot are built first as the kernel (other
 * modules take their services), so their lines hand back what is already built.
 */
const registrations = (built: {
  readonly ledger: AppModule;
  readonly market: AppModule;
  readonly spot: AppModule;
}): readonly Registration[] => [
  { manifest: ledgerManifest, build: () => built.ledger },
  { manifest: scheduleManifest, build: (k) => createScheduleModule(k.scheduler) },
  { manifest: haltsManifest, build: (k) => createHaltsModule(k.halts) },
  { manifest: idempotencyManifest, build: (k) => createIdempotencyModule(k) },
  { manifest: throttleManifest, build: (k) => createThrottleModule({ ...k, enabled: k.config.throttle }) },
  {
    manifest: accountsManifest,
    build: (k) =>
      createAccountsModule({
        ...k,
        countTraders: (userIds) => countUsersWithEntries(k.db, { userIds, kinds: tradingEntryKinds }),
      }),
  },
  { manifest: walletAuthManifest, build: (k) => createWalletAuthModule(k) },
  { manifest: verificationManifest, build: (k) => createVerificationModule(k) },
  { manifest: timezoneManifest, build: (k) => createTimezoneModule(k) },
  { manifest: uploadManifest, build: (k) => createUploadModule(k) },
  {
    manifest: fiatManifest,
    build: (k) =>
      createFiatModule({
        ...k,
        fiatRateSource:
          k.fiatRateSource !== undefined
            ? k.fiatRateSource
            : k.config.fiatRatesUrl
              ? createFiatRateSource(k.config.fiatRatesUrl)
              : null,
      }),
  },
  { manifest: marketManifest, build: () => built.market },
  { manifest: walletManifest, build: (k) => createWalletModule({ ...k, prices: k.market }) },
  { manifest: depositsManifest, build: (k) => createDepositsModule({ ...k, prices: k.market }) },
  { manifest: payoutMethodsManifest, build: (k) => createPayoutMethodsModule(k) },
  { manifest: withdrawalsManifest, build: (k) => createWithdrawalsModule({ ...k, prices: k.market }) },
  { manifest: spotManifest, build: () => built.spot },
  {
    manifest: ieoManifest,
    build: (k) =>
      createIeoModule({
        ...k,
        marketMakerUser: k.config.marketMaker.enabled ? () => ensureMarketMakerUser(k.db, k.clock) : null,
      }),
  },
  { manifest: optionsManifest, build: (k) => createOptionsModule(k) },
  { manifest: miningManifest, build: (k) => createMiningModule(k) },
  { manifest: dualManifest, build: (k) => createDualModule(k) },
  { manifest: nftManifest, build: (k) => createNftModule(k) },
  { manifest: staffManifest, build: (k) => createStaffModule(k) },
  { manifest: auditManifest, build: (k) => createAuditModule(k) },
  { manifest: adjustmentsManifest, build: (k) => createAdjustmentsModule({ ...k, prices: k.market }) },
  { manifest: userAdminManifest, build: (k) => createUserAdminModule(k) },
  { manifest: contractsManifest, build: (k) => createContractsModule(k) },
  // Last: its Home menu marks what every module before it ships.
  { manifest: contentManifest, build: (k) => createContentModule(k) },
];

/** Every module's static declaration (ledger checks, entry kinds, shortcuts) without building any. */
export const moduleManifests: readonly ModuleManifest[] = registrations({
  ledger: ledgerManifest,
  market: marketManifest,
  spot: spotManifest,
}).map((registration) => registration.manifest);

/** The account kinds the given modules are the product of (transfers open into these only). */
export function servedAccountKindsOf(manifests: readonly ModuleManifest[]): ReadonlySet<UserAccountKindName> {
  return new Set(manifests.flatMap((manifest) => manifest.accountKinds ?? []));
}

export async function composeModules(deps: CompositionDeps): Promise<Composition> {
  const { config, db, clock, logger } = deps;

  const { ledger, module: ledgerModule } = await createLedgerModule(db);
  const { market, module: marketModule } = await createMarketModule({
    db,
    clock,
    logger,
    options: {
      // The installation's secret seed (DATA_DIR), or SIMULATED_MARKET_SEED (tests, benchmarks).
      seed: simulatedMarketSeed(config),
      backfillDays: backfillDaysDefault,
      cryptoFeed: config.marketFeed === 'ccxt' ? config.marketFeedExchange : 'simulated',
      ...deps.market,
    },
    liveFeed:
      config.marketFeed === 'ccxt'
        ? {
            exchangeId: config.marketFeedExchange,
            symbolMap: config.marketFeedSymbols,
            pollIntervalMs: config.marketFeedPollMs,
          }
        : undefined,
  });
  const halts = createHalts({ db, clock, logger });
  await halts.load();
  const { spot, module: spotModule } = await createSpotModule({
    db,
    clock,
    ledger,
    market,
    halts,
    logger,
    marketMaker: config.marketMaker.enabled ? config.marketMaker : null,
  });

  const scheduler = createScheduler({
    db,
    clock,
    logger,
    // Work that breaks an invariant halts its module (the kind's prefix: "options" of "options:expiry").
    onInvariantBroken: (work, error) =>
      halts.halt(work.kind.split(':')[0] ?? work.kind, error.message, { kind: work.kind, key: work.key }),
  });

  const payout = deps.payoutGateway
    ? { gateway: deps.payoutGateway, local: false }
    : payoutGatewayFrom(config);
  if (payout.local && !config.demo) {
    logger.warn(
      'PAYOUT_GATEWAY_URL is not set: approved withdrawals are recorded by a local stand-in and nothing is paid out',
    );
  }

  const modules: AppModule[] = [];
  const registered = registrations({ ledger: ledgerModule, market: marketModule, spot: spotModule });
  const kernel = {
    ...deps,
    ledger,
    market,
    spot,
    scheduler,
    halts,
    payoutGateway: payout.gateway,
    servedAccountKinds: servedAccountKindsOf(registered.map((registration) => registration.manifest)),
    get shippedShortcuts(): ReadonlySet<string> {
      return new Set(modules.flatMap((module) => module.shortcuts ?? []));
    },
  } satisfies Kernel;
  for (const registration of registered) {
    const module = await registration.build(kernel);
    invariant(
      module.name === registration.manifest.name,
      `module ${module.name} is registered under ${registration.manifest.name}`,
    );
    modules.push(module);
  }

  return {
    modules,
    // Staff tokens (fxs.) resolve to staff principals; everything else to user sessions.
    sessions: withStaffSessions(createSessionResolver({ db, clock }), { db, clock }),
    services: { ledger, market, spot, scheduler, halts, payoutGateway: payout.gateway },
  };
}
