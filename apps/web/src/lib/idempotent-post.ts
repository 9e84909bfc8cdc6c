import { type ReplySchema, send, settle } from './api-client';
import type { RequestParams } from './api-outcome';

/**
 * A money-moving POST with its Idempotency-Key; resolves the validated message. Any failure,
 * including a timeout or a lost connection, rejects: the caller may retry with the same key, and
 * the server books the request at most once.
 */
export async function idempotentPost<T>(
  path: string,
  options: { schema: ReplySchema<T>; idempotencyKey: string; params: RequestParams },
): Promise<T> {
  return settle(await send('POST', path, options), options.schema, 'reject');
}
