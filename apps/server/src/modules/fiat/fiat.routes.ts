import { fiatRatesRoute } from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { contractRoutes } from '../../platform/http/contract-route';
import { createFiatRatesService } from './fiat.service';
import type { FiatRateSource } from './fiat.source';

/** What the fiat routes need from the app; AppDeps satisfies it. */
export type FiatModuleDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly fiatRateSource: FiatRateSource | null;
};

/** GET /api/fiat/rates: units of each supported fiat per 1 USD, in the contract's order. */
export function fiatRoutes(deps: FiatModuleDeps): FastifyPluginAsyncZod {
  return async (api) => {
    const service = createFiatRatesService({
      db: deps.db,
      clock: deps.clock,
      source: deps.fiatRateSource,
      log: api.log,
    });
    // A refresh may be writing when the server stops; it must settle before the database closes.
    api.addHook('onClose', () => service.close());

    contractRoutes(api, { tags: ['fiat'] }).get(
      fiatRatesRoute,
      {
        summary: 'Fiat exchange rates against USD',
        description:
          'Units of each supported fiat per 1 USD, refreshed from a public rate service at most ' +
          'once a day. `source` says whether they are live or the table bundled with the server; ' +
          '`as_of` is the date of the rates.',
      },
      () => service.rates(),
    );
  };
}
