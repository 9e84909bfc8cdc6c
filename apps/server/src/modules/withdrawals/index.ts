/**
 * Withdrawals' public surface: createWithdrawalsModule builds the service (requests held in the
 * ledger, cancellation, the log, the finance team's queue and decisions), the payout worker (a
 * job: each approved request sent once through the PayoutGateway), the withdrawal terms staff
 * set, and the ledger checks they contribute (5: held = pending; 6: once; 8: 24-hour limits).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { twoPersonThreshold } from '../approvals';
import type { Ledger } from '../ledger';
import type { MarketService } from '../market';
import { withdrawalChecks } from './withdrawals.checks';
import { createPayoutWorker } from './withdrawals.jobs';
import { createHttpPayoutGateway, createPayoutStandIn, type PayoutGateway } from './withdrawals.payouts';
import { withdrawalsRoutes } from './withdrawals.routes';
import { createWithdrawalsService } from './withdrawals.service';
import { withdrawalTermsRoutes } from './withdrawals.terms.routes';
import { createWithdrawalTermsService } from './withdrawals.terms.service';

/** @public */
export {
  createHttpPayoutGateway,
  createPayoutStandIn,
  type PayoutGateway,
  type PayoutOrder,
  type PayoutStandIn,
} from './withdrawals.payouts';

export type WithdrawalsModuleDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly prices: Pick<MarketService, 'referencePrice'>;
  readonly logger: FastifyBaseLogger;
  readonly config: {
    readonly demo: boolean;
    /** APPROVAL_TWO_PERSON_ABOVE_USDT. */
    readonly twoPersonAboveUsdt: string;
  };
  /** Where approved withdrawals are paid: the HTTP gateway the config names, or a local stand-in. */
  readonly payoutGateway: PayoutGateway;
};

export const payoutJobName = 'withdrawal payouts';

/** The gateway PAYOUT_GATEWAY_URL names, or the local stand-in that records and pays nothing. */
export function payoutGatewayFrom(config: {
  readonly payoutGatewayUrl?: string | undefined;
  readonly payoutGatewayToken?: string | undefined;
}): { readonly gateway: PayoutGateway; readonly local: boolean } {
  if (config.payoutGatewayUrl) {
    return {
      gateway: createHttpPayoutGateway({ url: config.payoutGatewayUrl, token: config.payoutGatewayToken }),
      local: false,
    };
  }
  return { gateway: createPayoutStandIn(), local: true };
}

export const withdrawalsManifest = {
  name: 'withdrawals',
  entryKinds: ['withdrawal', 'withdrawal_fee'],
  ledgerChecks: withdrawalChecks,
  shortcuts: ['withdrawal'],
  localeNamespace: 'withdrawals',
} as const satisfies ModuleManifest;

export function createWithdrawalsModule(deps: WithdrawalsModuleDeps): AppModule {
  const { db, clock, ledger } = deps;
  const worker = createPayoutWorker({ db, clock, gateway: deps.payoutGateway, logger: deps.logger });
  const withdrawals = createWithdrawalsService({
    db,
    clock,
    ledger,
    prices: deps.prices,
    onApproved: () => worker.kick(),
    twoPersonAboveMicros: twoPersonThreshold(deps.config.twoPersonAboveUsdt),
  });
  const terms = createWithdrawalTermsService({ db, clock });
  return {
    ...withdrawalsManifest,
    routes: async (app) => {
      await app.register(withdrawalsRoutes(withdrawals));
      await app.register(withdrawalTermsRoutes(terms));
    },
    jobs: [{ name: payoutJobName, start: () => worker.start(), stop: () => worker.stop() }],
  };
}
