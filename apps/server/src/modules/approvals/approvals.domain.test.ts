import { describe, expect, it } from 'vitest';
import { approvalsRequired, isOwnRequest, thresholdMicros, usdtMicrosOf } from './approvals.domain';

describe('the two-person rule', () => {
  const threshold = thresholdMicros('10000') as bigint;

  it('reads the threshold exactly and refuses nonsense', () => {
    expect(threshold).toBe(10_000_000_000n);
    expect(thresholdMicros('0')).toBe(0n);
    expect(thresholdMicros('-1')).toBeNull();
    expect(thresholdMicros('ten')).toBeNull();
  });

  it('values an amount exactly in USDT, rounding down', () => {
    // 0.5 BTC (8 decimals) at 69,263.01 USDT = 34,631.505 USDT.
    expect(usdtMicrosOf({ units: 50_000_000n, scale: 8, price: '69263.01' })).toBe(34_631_505_000n);
    // 150 USDT (6 decimals) at 1.
    expect(usdtMicrosOf({ units: 150_000_000n, scale: 6, price: '1' })).toBe(150_000_000n);
    // 1 unit of ETH (1e-8) at 3000.123457: below a micro-USDT, rounds to 0.
    expect(usdtMicrosOf({ units: 1n, scale: 8, price: '3000.123457' })).toBe(30n);
    expect(usdtMicrosOf({ units: 1n, scale: 8, price: null })).toBeNull();
  });

  it('needs two people above the threshold, or when the value is unknown', () => {
    expect(approvalsRequired(threshold, threshold)).toBe(1);
    expect(approvalsRequired(threshold + 1n, threshold)).toBe(2);
    expect(approvalsRequired(0n, threshold)).toBe(1);
    expect(approvalsRequired(null, threshold)).toBe(2);
    expect(approvalsRequired(1n, 0n)).toBe(2);
  });

  it('knows a staff member’s own request by linked account or e-mail', () => {
    const owner = { id: 7, email: 'Ops@Example.com' };
    expect(isOwnRequest({ staff: { email: 'ops@example.com', linkedUserId: null }, owner })).toBe(true);
    expect(isOwnRequest({ staff: { email: 'other@example.com', linkedUserId: 7 }, owner })).toBe(true);
    expect(isOwnRequest({ staff: { email: 'other@example.com', linkedUserId: 8 }, owner })).toBe(false);
    expect(isOwnRequest({ staff: null, owner })).toBe(false);
    expect(
      isOwnRequest({ staff: { email: 'x@y.z', linkedUserId: null }, owner: { id: 7, email: null } }),
    ).toBe(false);
  });
});
