import {
  type TimezoneCurrentReply,
  timezoneCurrentRoute,
  timezoneDetectRoute,
  timezoneListRoute,
  timezoneSetRoute,
} from '@fairex/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { contractRoutes } from '../../platform/http/contract-route';
import { requiredUserId, signedInUserId } from '../../platform/http/route-policy';
import { translate } from '../../platform/i18n/messages';
import { timezoneOutcomeKeys } from './timezone.errors';
import { createTimezoneService, type TimezoneUpdate } from './timezone.service';

/** What the timezone routes need from the app; AppDeps satisfies it. */
export type TimezoneModuleDeps = { readonly db: Database; readonly clock: Clock };

function updateReply(request: FastifyRequest, update: TimezoneUpdate): TimezoneCurrentReply {
  return {
    success: true,
    data: update.state,
    message: translate(request.locale, timezoneOutcomeKeys[update.outcome]),
  };
}

/** The caller's time zone (spec section 7): read, detected by the browser, chosen, and the list. */
export function timezoneRoutes(deps: TimezoneModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const timezones = createTimezoneService({ db: deps.db, clock: deps.clock });
    const route = contractRoutes(app, { tags: ['timezone'] });

    route.get(
      timezoneCurrentRoute,
      { summary: 'The caller’s stored time zone; null without a session or when unset' },
      async (request) => ({
        success: true,
        data: await timezones.current(signedInUserId(request)),
        message: '',
      }),
    );

    route.post(
      timezoneDetectRoute,
      {
        summary:
          'Report the zone the client detected; America/New_York counts as unset, and a manual choice is kept',
      },
      async (request) => updateReply(request, await timezones.detect(requiredUserId(request), request.body)),
    );

    route.post(
      timezoneSetRoute,
      { summary: 'Choose a zone by hand; stored as the user’s manual choice' },
      async (request) =>
        updateReply(request, await timezones.choose(requiredUserId(request), request.body.timezone)),
    );

    route.get(
      timezoneListRoute,
      { summary: 'Every supported zone as {label: "(UTC+08:00) Asia/Shanghai", value}, sorted by offset' },
      () => timezones.list(),
    );
  };
}
