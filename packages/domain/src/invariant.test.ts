import { describe, expect, it } from 'vitest';
import { assertNever, InvariantError, invariant } from './invariant';

describe('invariant', () => {
  it('returns when the condition holds and narrows its type', () => {
    const balance: bigint | undefined = 5n as bigint | undefined;
    invariant(balance !== undefined, 'balance is loaded');
    const doubled: bigint = balance * 2n;
    expect(doubled).toBe(10n);
  });

  it.each([false, 0, '', null, undefined, 0n])('throws an InvariantError for the falsy %s', (condition) => {
    expect(() => invariant(condition, 'held equals open')).toThrow(new InvariantError('held equals open'));
  });

  it('names its error so logs and alerts can tell it from other errors', () => {
    const error = new InvariantError('x');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('InvariantError');
    expect(error.message).toBe('x');
  });
});

describe('assertNever', () => {
  type Side = 'buy' | 'sell';

  function sign(side: Side): number {
    switch (side) {
      case 'buy':
        return 1;
      case 'sell':
        return -1;
      default:
        return assertNever(side);
    }
  }

  it('is unreachable for every member of the union', () => {
    expect(sign('buy')).toBe(1);
    expect(sign('sell')).toBe(-1);
  });

  it.each([
    ['hold' as never, 'Unexpected value: "hold"'],
    [42 as never, 'Unexpected value: 42'],
    [7n as never, 'Unexpected value: 7'],
    [null as never, 'Unexpected value: null'],
    [{ kind: 'x' } as never, 'Unexpected value: [object Object]'],
  ])('throws an InvariantError naming what slipped through: %s', (value, message) => {
    expect(() => assertNever(value)).toThrow(new InvariantError(message));
    expect(() => sign(value)).toThrow(InvariantError);
  });
});
