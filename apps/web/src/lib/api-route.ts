/**
 * Calls a route the contract declares (packages/contract route.ts): its method and path, its
 * parameters by name as the schema takes them, and its reply checked against the declared schema.
 * Features call routes only through these, so no path literal can drift from the server's.
 */
import type { AnyRoute, RouteInput, RouteReply } from '@fairex/contract';
import { send, settle } from './api-client';
import type { RequestParams } from './api-outcome';

export type RouteCallOptions<Route extends AnyRoute, Empty> = {
  readonly params?: RouteInput<Route>;
  /** What a soft success (HTTP 404: not there yet, not for this user) resolves with. */
  readonly empty: Empty;
  /** Abort signal from TanStack Query, so unmounted screens stop waiting. */
  readonly signal?: AbortSignal;
  /** POST as JSON instead of the default form encoding. */
  readonly json?: boolean;
  /** A money-moving POST's attempt key: a retry with the same key is booked at most once. */
  readonly idempotencyKey?: string;
};

/** Calls `route`; resolves its validated reply, or `empty` on a soft success. */
export async function callRoute<Route extends AnyRoute, Empty = RouteReply<Route>>(
  route: Route,
  options: RouteCallOptions<Route, Empty>,
): Promise<RouteReply<Route> | Empty> {
  const outcome = await send(route.method, route.path, {
    ...(options.params === undefined ? {} : { params: options.params as RequestParams }),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.json ? { json: true } : {}),
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
  });
  return settle(outcome, route.reply, { resolve: options.empty });
}

/**
 * Calls a money-moving route with the attempt's Idempotency-Key; any failure, a timeout or a lost
 * connection included, rejects: the caller may retry with the same key, and the server books the
 * request at most once.
 */
export async function callMoneyRoute<Route extends AnyRoute>(
  route: Route,
  options: { readonly params: RouteInput<Route>; readonly idempotencyKey: string },
): Promise<RouteReply<Route>> {
  const outcome = await send(route.method, route.path, {
    params: options.params as RequestParams,
    idempotencyKey: options.idempotencyKey,
  });
  return settle(outcome, route.reply, 'reject');
}
