/** Pure rules of Idempotency-Key handling: which keys are valid and what a stored record means. */

export const idempotencyKeyLengthMax = 100;
/** An in-flight record older than this belongs to a request that died (crash, kill -9). */
export const idempotencyAbandonedAfterMs = 5 * 60_000;

export function isValidIdempotencyKey(key: string): boolean {
  return key.length >= 1 && key.length <= idempotencyKeyLengthMax && /^[\x21-\x7e]+$/.test(key);
}

/** Canonical JSON (sorted keys) so a form body and the same JSON body hash alike. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

export type StoredKey = {
  readonly requestHash: string;
  readonly status: 'in_flight' | 'done';
  readonly reply: unknown;
  readonly createdAt: Date;
};

export type KeyDecision =
  | { readonly kind: 'replay'; readonly reply: unknown }
  | { readonly kind: 'reused' }
  | { readonly kind: 'in_flight' }
  | { readonly kind: 'take_over' };

/** What to do with a request whose key is already stored. */
export function decideExistingKey(stored: StoredKey, requestHash: string, now: Date): KeyDecision {
  if (stored.requestHash !== requestHash) return { kind: 'reused' };
  if (stored.status === 'done') return { kind: 'replay', reply: stored.reply };
  if (now.getTime() - stored.createdAt.getTime() > idempotencyAbandonedAfterMs) return { kind: 'take_over' };
  return { kind: 'in_flight' };
}
