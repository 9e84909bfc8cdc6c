import {
  adminDepositAddressesRoute,
  adminDepositAddressesSaveRoute,
  adminDepositsDecideRoute,
  adminDepositsRoute,
  rechargeLogRoute,
  walletChargeReqRoute,
  walletGetInAddressRoute,
} from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { contractRoutes } from '../../platform/http/contract-route';
import { requiredUserId } from '../../platform/http/route-policy';
import type { FileStorage } from '../../platform/storage/file-storage';
import { twoPersonThreshold } from '../approvals';
import { staffActorOf } from '../audit';
import type { Ledger } from '../ledger';
import type { MarketService } from '../market';
import { seedDemoAddresses } from './deposits.seed';
import { createDepositsService } from './deposits.service';

export type DepositsModuleDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly ledger: Ledger;
  readonly prices: Pick<MarketService, 'referencePrice'>;
  readonly config: { readonly demo: boolean; readonly twoPersonAboveUsdt: string };
  readonly storage: FileStorage;
};

const userTags = ['deposits'];
const staffTags = ['staff: deposits'];

/** The operator's deposit addresses, users' deposit requests with vouchers, and finance's review. */
export function depositsRoutes(deps: DepositsModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const staffRoute = contractRoutes(app, { tags: staffTags });
    const route = contractRoutes(app, { tags: userTags });
    const db = deps.db;
    if (deps.config.demo) await seedDemoAddresses(db, deps.clock);
    const deposits = createDepositsService({
      db,
      clock: deps.clock,
      ledger: deps.ledger,
      prices: deps.prices,
      twoPersonAboveMicros: twoPersonThreshold(deps.config.twoPersonAboveUsdt),
    });

    route.post(
      walletGetInAddressRoute,
      {
        summary: 'The operator’s deposit address for a currency and chain, with its QR text',
        description:
          '`currency` is the id (or code); `chain` defaults to the currency’s first chain with an ' +
          'address. The address is the operator’s, the same for every user: a `user_id` field is ' +
          'accepted and ignored. A currency or chain without an active address answers "Deposits ' +
          'of this currency are not available".',
      },
      async (request) =>
        await deposits.addressFor({ currency: request.body.currency, chain: request.body.chain }),
    );

    route.post(
      walletChargeReqRoute,
      {
        summary: 'Submit a deposit: the amount sent and the payment voucher image; reviewed by staff',
        description:
          '`voucher` (or `pic`, `image`) is the path POST /upload answered for the caller’s own ' +
          'image; it becomes private (owner and staff only). The amount is checked at the ' +
          'currency’s scale (never rounded). Nothing is credited until finance staff approve. At ' +
          'most 5 requests may wait for review per user. Honours Idempotency-Key.',
      },
      async (request) => {
        const body = request.body;
        return await deposits.submit({
          userId: requiredUserId(request),
          currency: body.currency,
          chain: body.chain,
          amount: body.amount,
          voucher: { voucher: body.voucher, pic: body.pic, image: body.image },
          sender: body.account ?? '',
          idempotencyKey: request.idempotencyKey,
        });
      },
    );

    route.get(
      rechargeLogRoute,
      { summary: 'The caller’s deposit requests, newest first, 10 per page' },
      async (request) =>
        await deposits.log({
          userId: requiredUserId(request),
          page: request.query.page,
          limit: request.query.limit,
        }),
    );

    staffRoute.get(
      adminDepositAddressesRoute,
      { summary: 'Every currency and chain with its deposit address (null when not set)' },
      async () => await deposits.addresses(),
    );

    staffRoute.post(
      adminDepositAddressesSaveRoute,
      {
        summary: 'Set, change or switch off the deposit address of a currency and chain',
        description:
          'The address must have the chain’s shape (BTC base58 or bech32, ERC20 0x and 40 hex, ' +
          'TRC20 T and 33 base58). Every save is recorded with the staff member.',
      },
      async (request) => {
        const body = request.body;
        return await deposits.saveAddress({
          actor: staffActorOf(request),
          currencyId: body.currency_id,
          chain: body.chain,
          address: body.address,
          memo: body.memo,
          active: body.active,
        });
      },
    );

    staffRoute.get(
      adminDepositsRoute,
      { summary: 'Deposit requests, 10 per page: pending oldest first (default), decided newest first' },
      async (request) =>
        await deposits.queue({ status: request.query.status ?? 'pending', page: request.query.page }),
    );

    staffRoute.post(
      adminDepositsDecideRoute,
      {
        summary: 'Approve (credits the user’s spot account once) or reject with a reason',
        description:
          'Approve may name the `amount` actually received (default: the requested amount). The ' +
          'credit is one ledger entry, reference `deposit:<id>`, booked with the decision in one ' +
          'transaction; a second decision answers "already reviewed". Above ' +
          'APPROVAL_TWO_PERSON_ABOVE_USDT two different staff members must approve the same ' +
          'amount: each approval records its amount, an approval naming another amount starts a ' +
          'new count, and the credit is the amount both approved (`approvals` lists them).',
      },
      async (request) => {
        const body = request.body;
        return await deposits.decide({
          actor: staffActorOf(request),
          id: body.id,
          decision: body.decision,
          reason: body.reason,
          amount: body.amount,
        });
      },
    );
  };
}
