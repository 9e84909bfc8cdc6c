import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  decideExistingKey,
  idempotencyAbandonedAfterMs,
  isValidIdempotencyKey,
} from './idempotency.domain';

describe('idempotency rules', () => {
  it('accepts 1 to 100 visible ASCII characters only', () => {
    expect(isValidIdempotencyKey('8f14e45f-ceea-467f-a0e6-4c3a3c1b2d6e')).toBe(true);
    expect(isValidIdempotencyKey('x'.repeat(100))).toBe(true);
    for (const bad of ['', 'x'.repeat(101), 'has space', 'tab\t', 'ünïcode', '\u0000']) {
      expect(isValidIdempotencyKey(bad)).toBe(false);
    }
  });

  it('hashes the same body the same way whatever the key order', () => {
    expect(canonicalJson({ b: '1', a: { d: [1, '2'], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, '2'] }, b: '1' }),
    );
    expect(canonicalJson({ a: '1' })).not.toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('replays a finished request, refuses another body, and waits for one in flight', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const done = { requestHash: 'h', status: 'done' as const, reply: { type: 'ok' }, createdAt: now };
    expect(decideExistingKey(done, 'h', now)).toEqual({ kind: 'replay', reply: { type: 'ok' } });
    expect(decideExistingKey(done, 'other', now)).toEqual({ kind: 'reused' });
    const running = { ...done, status: 'in_flight' as const, reply: null };
    expect(decideExistingKey(running, 'h', now)).toEqual({ kind: 'in_flight' });
    const later = new Date(now.getTime() + idempotencyAbandonedAfterMs + 1);
    expect(decideExistingKey(running, 'h', later)).toEqual({ kind: 'take_over' });
    expect(decideExistingKey(running, 'other', later)).toEqual({ kind: 'reused' });
  });
});
