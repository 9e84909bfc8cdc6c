import {
  billEntryKinds,
  currencyListRoute,
  demoFundsRoute,
  transferHistoryRoute,
  userCurrencyListRoute,
  walletBillCsvRoute,
  walletBillRoute,
  walletChangeRoute,
  walletDetailRoute,
  walletInfoRoute,
  walletListRoute,
  walletRateRoute,
} from '@fairex/contract';
import type { FastifyError } from 'fastify';
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { contractRoutes } from '../../platform/http/contract-route';
import { requiredUserId } from '../../platform/http/route-policy';
import type { Ledger } from '../ledger';
import { claimDemoFunds } from './wallet.demo';
import { validationErrorFor } from './wallet.domain';
import { walletError } from './wallet.errors';
import type { WalletService } from './wallet.service';

/** Field-specific messages for refused wallet fields; anything else is the generic "Parameter error". */
function refineValidationError(error: FastifyError): never {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const code = validationErrorFor(error.validation);
    if (code) throw walletError(code);
  }
  throw error;
}

/** The date in a CSV file name, e.g. fairex-bill-2026-11-22.csv. */
function csvFileName(now: Date): string {
  return `fairex-bill-${now.toISOString().slice(0, 10)}.csv`;
}

export function walletHttpRoutes(deps: {
  wallet: WalletService;
  db: Database;
  clock: Clock;
  demo: boolean;
  ledger: Ledger;
}): FastifyPluginAsyncZod {
  const { wallet } = deps;
  return async (app) => {
    app.setErrorHandler(refineValidationError);
    const route = contractRoutes(app, { tags: ['wallet'] });

    route.get(
      currencyListRoute,
      {
        summary: 'The currencies, one entry per currency and chain (USDT on ERC20 and TRC20)',
        description:
          'Spec section 3 coin entries: `name` is the code, `subName` the chain when a currency ' +
          'travels on several. Withdrawal minimum and fee are decimal strings in the currency.',
      },
      () => wallet.currencyList(),
    );

    route.get(
      userCurrencyListRoute,
      { summary: 'The currencies with the caller’s available balance in each account kind' },
      (request) => wallet.userCurrencyList(requiredUserId(request)),
    );

    route.post(
      walletListRoute,
      {
        summary: 'Every account of the caller per kind (legal, change, lever, micro) with USDT equivalents',
        description:
          'Per account: balance, available (balance − frozen), frozen (held) at the currency’s ' +
          'scale, and `usdt_value` at the reference price rounded to 2 decimals (display only). ' +
          'Totals sum the exact equivalents before rounding. `prices` lists each price with the ' +
          'tick it comes from (GET /market/tick?id=...); USDT is 1.',
      },
      (request) => wallet.walletList(requiredUserId(request)),
    );

    route.post(
      walletDetailRoute,
      { summary: 'One account of the caller: a currency (id) in one account kind (name or 1-4)' },
      (request) => wallet.detail(requiredUserId(request), request.body.currency, request.body.type),
    );

    route.post(
      walletInfoRoute,
      { summary: 'A currency and the caller’s accounts of every kind in it' },
      (request) => wallet.info(requiredUserId(request), request.body.currency),
    );

    route.get(
      walletRateRoute,
      { summary: 'A currency’s USDT reference price and the tick it comes from (null before any tick)' },
      (request) => wallet.rate(request.query.id),
    );

    route.post(
      walletChangeRoute,
      {
        summary: 'Transfer between two of the caller’s own accounts (one balanced ledger entry)',
        description:
          '`number` is a plain positive decimal with at most the currency’s decimals (never ' +
          'rounded); `from_field` and `to_field` are account kinds (legal, change, lever, micro or ' +
          '1-4) and must differ. Only the caller’s own accounts can be named: unknown fields are ' +
          'refused. Honours an Idempotency-Key header: the same key and body replay the stored ' +
          'reply (`idempotent-replayed: true`), another body is refused, a request still running ' +
          'is a conflict. Replies the available balances of both accounts afterwards.',
      },
      (request) =>
        wallet.transfer({
          userId: requiredUserId(request),
          currencyId: request.body.currency_id,
          number: request.body.number,
          from: request.body.from_field,
          to: request.body.to_field,
          idempotencyKey: request.idempotencyKey,
        }),
    );

    route.get(
      transferHistoryRoute,
      { summary: 'The caller’s transfers between own accounts, newest first, 10 a page' },
      (request) => wallet.transferHistory(requiredUserId(request), request.query.page ?? 1),
    );

    route.post(
      walletBillRoute,
      {
        summary: 'The caller’s bill: every posting on their accounts, newest first, 10 a page',
        description:
          'Filters (each optional; "" means any): `currency` (id), `type` (account kind), `kind` ' +
          `(entry kind: ${billEntryKinds.join(', ')}). Amounts are signed (positive credits the ` +
          'account); `balance_after` is the account’s balance after the posting; `tick_id` cites ' +
          'the price an entry used, when it used one.',
      },
      (request) => {
        const { page, ...filter } = request.body;
        return wallet.bill(requiredUserId(request), filter, page ?? 1);
      },
    );

    route.download(
      walletBillCsvRoute,
      {
        summary: 'The caller’s filtered bill as CSV (newest first, at most 10,000 lines)',
        description:
          'Same filters as POST /wallet/legal_log, in the query. Replies `text/csv` as an ' +
          'attachment: a header row (time, entry_id, posting_id, kind, currency, account, amount, ' +
          'balance_after, reference, tick_id), ISO 8601 UTC times and decimal amounts. Failures ' +
          'reply the usual JSON envelope.',
      },
      async (request, reply) => {
        const csv = await wallet.billExport(requiredUserId(request), request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csvFileName(deps.clock.now())}"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    if (deps.demo) {
      route.post(
        demoFundsRoute,
        {
          summary: 'Demo mode only: test funds (10,000 USDT, 0.5 BTC, 5 ETH) to the spot account',
          description:
            'Paid by the demo-faucet system account as one `demo_funds` entry, at most once per ' +
            'user and UTC day. The route does not exist outside demo mode (HTTP 404).',
        },
        (request) =>
          claimDemoFunds(
            { db: deps.db, clock: deps.clock, ledger: deps.ledger },
            { userId: requiredUserId(request), idempotencyKey: request.idempotencyKey },
          ),
      );
    }
  };
}
