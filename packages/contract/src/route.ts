/**
 * Routes are declared once, here in the contract: method, path under /api, who may call it,
 * whether it moves money (an Idempotency-Key is honoured), what it takes and what it replies.
 * The server registers exactly these (apps/server platform/http/contract-route.ts adds the
 * OpenAPI text and the handler); the web and console clients call them by the same object, so a
 * path, a method or a parameter name cannot drift between them.
 */
import type { z } from 'zod';
import type { StaffRoleName } from './staff-roles';

/** Who may call: anyone, a signed-in user, a verified user (Lv1+), or staff of one of the roles. */
export type RoutePolicySpec = 'public' | 'user' | 'verified' | { readonly staff: readonly StaffRoleName[] };

type RouteBase<Path extends string, Reply extends z.ZodType> = {
  readonly path: Path;
  readonly policy: RoutePolicySpec;
  /** A money-moving POST: it honours Idempotency-Key and books the key with its ledger entry. */
  readonly moneyMoving: boolean;
  /** The `message` of a successful reply. */
  readonly reply: Reply;
};

export type GetRoute<Path extends string, Query extends z.ZodType, Reply extends z.ZodType> = RouteBase<
  Path,
  Reply
> & { readonly method: 'GET'; readonly query: Query };

export type PostRoute<Path extends string, Body extends z.ZodType, Reply extends z.ZodType> = RouteBase<
  Path,
  Reply
> & { readonly method: 'POST'; readonly body: Body };

// biome-ignore lint/suspicious/noExplicitAny: the widest route, for code that handles any of them.
export type AnyRoute = GetRoute<string, any, any> | PostRoute<string, any, any>;

/** What a client sends: the query of a GET, the body of a POST (as the schema accepts it). */
export type RouteInput<Route extends AnyRoute> =
  Route extends GetRoute<string, infer Query, z.ZodType>
    ? z.input<Query>
    : Route extends PostRoute<string, infer Body, z.ZodType>
      ? z.input<Body>
      : never;

/** The `message` a client receives on success. */
export type RouteReply<Route extends AnyRoute> = z.output<Route['reply']>;

export function getRoute<Path extends string, Query extends z.ZodType, Reply extends z.ZodType>(
  path: Path,
  spec: { readonly policy: RoutePolicySpec; readonly query: Query; readonly reply: Reply },
): GetRoute<Path, Query, Reply> {
  return { method: 'GET', path, moneyMoving: false, ...spec };
}

export function postRoute<Path extends string, Body extends z.ZodType, Reply extends z.ZodType>(
  path: Path,
  spec: {
    readonly policy: RoutePolicySpec;
    readonly body: Body;
    readonly reply: Reply;
    readonly moneyMoving?: boolean;
  },
): PostRoute<Path, Body, Reply> {
  return { method: 'POST', path, ...spec, moneyMoving: spec.moneyMoving ?? false };
}
