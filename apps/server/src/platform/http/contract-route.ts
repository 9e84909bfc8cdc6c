/**
 * Registers the routes the contract declares (packages/contract route.ts): path, method, policy,
 * money-moving flag and schemas come from the declaration; the server adds only the OpenAPI text
 * and the handler, whose result is wrapped in the `{type: 'ok', message}` envelope and checked
 * against the declared reply (the handler gets the reply too, to set a cookie or header). A route cannot be registered with another path or policy than the
 * one its clients call.
 */
import { apiReply, type GetRoute, type PostRoute, type RoutePolicySpec } from '@fairex/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok } from './reply';
import { policies, type RoutePolicy } from './route-policy';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** What the OpenAPI document says of a route beyond its declaration. */
export type RouteDoc = {
  readonly summary: string;
  readonly description?: string;
  /** Hidden from the OpenAPI document (demo-only routes keep their own note). */
  readonly hide?: boolean;
};

export function policyOf(spec: RoutePolicySpec): RoutePolicy {
  if (typeof spec !== 'string') return policies.staff(...spec.staff);
  return policies[spec];
}

function schemaBase(spec: RoutePolicySpec, tags: readonly string[], doc: RouteDoc) {
  const roleNote =
    typeof spec === 'string'
      ? ''
      : ` ${spec.staff.length > 1 ? 'Roles' : 'Role'}: ${spec.staff.includes('admin') ? spec.staff.join(', ') : `${spec.staff.join(', ')} (and admin)`}.`;
  return {
    tags: [...tags],
    summary: `${doc.summary}${roleNote}`,
    ...(doc.description === undefined ? {} : { description: doc.description }),
    ...(spec === 'public' ? {} : { security: [{ session: [] }] }),
    ...(doc.hide ? { hide: true } : {}),
  };
}

/** A request as the handler of a declared route sees it: the parsed query or body. */
export type QueryRequest<Query extends z.ZodType> = FastifyRequest & { readonly query: z.output<Query> };
export type BodyRequest<Body extends z.ZodType> = FastifyRequest & { readonly body: z.output<Body> };

/**
 * The declared routes of one area, documented under `tags`. `get`/`post` answer the envelope
 * with what the handler returns; `download` replies a file (CSV) itself, failures still in the
 * envelope.
 */
export function contractRoutes(app: ZodApp, area: { readonly tags: readonly string[] }) {
  return {
    get<Query extends z.ZodType, Reply extends z.ZodType>(
      route: GetRoute<string, Query, Reply>,
      doc: RouteDoc,
      handle: (request: QueryRequest<Query>, reply: FastifyReply) => z.input<Reply> | Promise<z.input<Reply>>,
    ): void {
      app.get(
        route.path,
        {
          config: { policy: policyOf(route.policy) },
          schema: {
            ...schemaBase(route.policy, area.tags, doc),
            querystring: route.query,
            response: { 200: apiReply(route.reply) as z.ZodType },
          },
        },
        async (request, reply) => ok(await handle(request as QueryRequest<Query>, reply)),
      );
    },

    post<Body extends z.ZodType, Reply extends z.ZodType>(
      route: PostRoute<string, Body, Reply>,
      doc: RouteDoc,
      handle: (request: BodyRequest<Body>, reply: FastifyReply) => z.input<Reply> | Promise<z.input<Reply>>,
    ): void {
      app.post(
        route.path,
        {
          config: { policy: policyOf(route.policy), moneyMoving: route.moneyMoving },
          schema: {
            ...schemaBase(route.policy, area.tags, doc),
            body: route.body,
            response: { 200: apiReply(route.reply) as z.ZodType },
          },
        },
        async (request, reply) => ok(await handle(request as BodyRequest<Body>, reply)),
      );
    },

    download<Query extends z.ZodType>(
      route: GetRoute<string, Query, z.ZodType>,
      doc: RouteDoc,
      handle: (request: QueryRequest<Query>, reply: FastifyReply) => Promise<FastifyReply>,
    ): void {
      app.get(
        route.path,
        {
          config: { policy: policyOf(route.policy) },
          schema: { ...schemaBase(route.policy, area.tags, doc), querystring: route.query },
        },
        (request, reply) => handle(request as QueryRequest<Query>, reply),
      );
    },
  };
}
