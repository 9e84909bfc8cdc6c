import {
  apiReply,
  type TimezoneCurrentReply,
  timezoneCurrentReplySchema,
  timezoneDetectBodySchema,
  timezoneListReplySchema,
  timezoneSetBodySchema,
} from '@fairex/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { ok } from '../../platform/http/reply';
import { policies, requiredUserId, signedInUserId } from '../../platform/http/route-policy';
import { translate } from '../../platform/i18n/messages';
import { timezoneOutcomeKeys } from './timezone.errors';
import { createTimezoneService, type TimezoneUpdate } from './timezone.service';

/** What the timezone routes need from the app; AppDeps satisfies it. */
export type TimezoneModuleDeps = { readonly db: Database; readonly clock: Clock };

/** Calls without parameters still refuse unknown ones (`lang` is envelope and already removed). */
const noParams = z.strictObject({});
const tags = ['timezone'];

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

    app.get(
      '/timezone/current',
      {
        config: { policy: policies.public },
        schema: {
          tags,
          summary: 'The caller’s stored time zone; null without a session or when unset',
          querystring: noParams,
          response: { 200: apiReply(timezoneCurrentReplySchema) },
        },
      },
      async (request) =>
        ok({ success: true, data: await timezones.current(signedInUserId(request)), message: '' }),
    );

    app.post(
      '/timezone/detect',
      {
        config: { policy: policies.user },
        schema: {
          tags,
          summary:
            'Report the zone the client detected; America/New_York counts as unset, and a manual choice is kept',
          body: timezoneDetectBodySchema,
          response: { 200: apiReply(timezoneCurrentReplySchema) },
        },
      },
      async (request) =>
        ok(updateReply(request, await timezones.detect(requiredUserId(request), request.body))),
    );

    app.post(
      '/timezone/set',
      {
        config: { policy: policies.user },
        schema: {
          tags,
          summary: 'Choose a zone by hand; stored as the user’s manual choice',
          body: timezoneSetBodySchema,
          response: { 200: apiReply(timezoneCurrentReplySchema) },
        },
      },
      async (request) =>
        ok(updateReply(request, await timezones.choose(requiredUserId(request), request.body.timezone))),
    );

    app.get(
      '/timezone/list',
      {
        config: { policy: policies.public },
        schema: {
          tags,
          summary: 'Every supported zone as {label: "(UTC+08:00) Asia/Shanghai", value}, sorted by offset',
          querystring: noParams,
          response: { 200: apiReply(timezoneListReplySchema) },
        },
      },
      async () => ok(timezones.list()),
    );
  };
}
