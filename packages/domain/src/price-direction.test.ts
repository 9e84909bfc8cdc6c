import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimal } from './decimal';
import {
  directionColor,
  type PriceDirection,
  priceDirection,
  priceDownColor,
  priceUpColor,
  priceZeroColor,
} from './price-direction';

describe('priceDirection', () => {
  it.each<[string, PriceDirection]>([
    ['+1.25', 'up'],
    ['1.25', 'up'],
    ['0.000000000001', 'up'],
    ['123456789012345678901234567890', 'up'],
    ['0', 'zero'],
    ['-0', 'zero'],
    ['-0.00', 'zero'],
    ['+0.00', 'zero'],
    ['-3', 'down'],
    ['-0.000000000001', 'down'],
  ])('reads %s as %s', (changePercent, expected) => {
    expect(priceDirection(changePercent)).toBe(expected);
  });

  it.each(['', 'abc', '1e5', 'NaN', '+1.25%', '.5', '--1'])('reads the invalid %j as zero (grey)', (text) => {
    expect(priceDirection(text)).toBe('zero');
  });

  it('property: agrees with the sign of the decimal', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[+-]?\d{1,20}(\.\d{1,12})?$/), (text) => {
        const order = compareDecimal(text, '0');
        expect(order.ok).toBe(true);
        if (!order.ok) return;
        const expected: PriceDirection = order.value > 0 ? 'up' : order.value < 0 ? 'down' : 'zero';
        expect(priceDirection(text)).toBe(expected);
      }),
    );
  });
});

describe('directionColor', () => {
  it('is green up, grey at zero, red down', () => {
    expect(priceUpColor).toBe('#0ecb81');
    expect(priceZeroColor).toBe('#848e9c');
    expect(priceDownColor).toBe('#f6465d');
    expect(directionColor('up')).toBe(priceUpColor);
    expect(directionColor('zero')).toBe(priceZeroColor);
    expect(directionColor('down')).toBe(priceDownColor);
  });

  it('colours a parsed change', () => {
    expect(directionColor(priceDirection('-0.5'))).toBe('#f6465d');
  });
});
