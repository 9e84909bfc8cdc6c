/**
 * A fresh Idempotency-Key for a money-moving request. crypto.randomUUID exists only in secure
 * contexts (https, localhost); on a plain-http LAN address the key comes from
 * crypto.getRandomValues instead.
 */
export type RandomSource = {
  readonly randomUUID?: () => string;
  getRandomValues(array: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
};

export function newIdempotencyKey(source: RandomSource = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
