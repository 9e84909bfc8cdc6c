import type { GetRoute, PostRoute } from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { contractRoutes, type RouteDoc } from '../../platform/http/contract-route';
import { staffActorOf } from './audit.routes';
import type { AuditActor } from './audit.service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * One staff area's routes, each declared in the contract with the staff roles it needs (admin
 * passes every staff check) and documented under `tags`. A read takes the parsed query; a write
 * takes the parsed body and the acting staff member, whom the service records in the audit
 * trail with the change.
 */
export function staffRoutes(app: ZodApp, area: { readonly tags: readonly string[] }) {
  const route = contractRoutes(app, area);
  return {
    read<Query extends z.ZodType, Reply extends z.ZodType>(
      declared: GetRoute<string, Query, Reply>,
      doc: RouteDoc,
      handle: (query: z.output<Query>) => z.input<Reply> | Promise<z.input<Reply>>,
    ): void {
      route.get(declared, doc, (request) => handle(request.query));
    },
    write<Body extends z.ZodType, Reply extends z.ZodType>(
      declared: PostRoute<string, Body, Reply>,
      doc: RouteDoc,
      handle: (actor: AuditActor, body: z.output<Body>) => Promise<z.input<Reply>>,
    ): void {
      route.post(declared, doc, (request) => handle(staffActorOf(request), request.body));
    },
  };
}
