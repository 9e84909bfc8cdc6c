import { apiReply } from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok } from '../../platform/http/reply';
import { policies, type StaffRole } from '../../platform/http/route-policy';
import { staffActorOf } from './audit.routes';
import type { AuditActor } from './audit.service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** What the OpenAPI document says of a route; the role it needs is added to the summary. */
type RouteText = { readonly summary: string; readonly description?: string };

/**
 * One staff area's routes: each needs one of `roles` (admin passes every staff check), is
 * documented under `tags` with the session scheme, and answers `{type: 'ok', message}` in the
 * shape of its reply schema. A read takes a query; a write takes a body and the acting staff
 * member, whom the service records in the audit trail with the change.
 */
export function staffRoutes(
  app: ZodApp,
  area: { readonly tags: readonly string[]; readonly roles: readonly [StaffRole, ...StaffRole[]] },
) {
  const roleNote = area.roles.includes('admin')
    ? area.roles.join(', ')
    : `${area.roles.join(', ')} (and admin)`;
  const schemaOf = (text: RouteText) => ({
    tags: [...area.tags],
    summary: `${text.summary} ${area.roles.length > 1 ? 'Roles' : 'Role'}: ${roleNote}.`,
    ...(text.description === undefined ? {} : { description: text.description }),
    security: [{ session: [] }],
  });
  const config = { policy: policies.staff(...area.roles) };
  // `handle` already ties the message to the reply schema; widened here because fastify cannot
  // resolve its reply type through a generic schema.
  const replyOf = (reply: z.ZodType): z.ZodType => apiReply(reply);
  return {
    read<Query extends z.ZodType, Reply extends z.ZodType>(
      url: string,
      route: RouteText & { readonly query: Query; readonly reply: Reply },
      handle: (query: z.output<Query>) => z.input<Reply> | Promise<z.input<Reply>>,
    ): void {
      app.get(
        url,
        {
          config,
          schema: { ...schemaOf(route), querystring: route.query, response: { 200: replyOf(route.reply) } },
        },
        async (request) => ok(await handle(request.query as z.output<Query>)),
      );
    },
    write<Body extends z.ZodType, Reply extends z.ZodType>(
      url: string,
      route: RouteText & { readonly body: Body; readonly reply: Reply },
      handle: (actor: AuditActor, body: z.output<Body>) => Promise<z.input<Reply>>,
    ): void {
      app.post(
        url,
        {
          config,
          schema: { ...schemaOf(route), body: route.body, response: { 200: replyOf(route.reply) } },
        },
        async (request) => ok(await handle(staffActorOf(request), request.body as z.output<Body>)),
      );
    },
  };
}
