import { lots, ticks } from '@fairex/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountText,
  averagePriceText,
  bandTicks,
  buyHoldRemaining,
  feeCeil,
  fillOrder,
  holdFor,
  holdRate,
  lotsForBudget,
  marketLimitTicks,
  noMoney,
  notionalCeil,
  notionalFloor,
  type OrderMoney,
  type PairRules,
  pairRules,
  parseLots,
  parsePriceTicks,
  priceText,
  proceedsForLots,
  tradeQuoteParts,
  type WalkLevel,
} from './spot.domain';

const btc = pairRules({
  symbol: 'BTC/USDT',
  tickSize: '0.01',
  lotSize: '0.00001',
  baseScale: 8,
  quoteScale: 6,
  makerFeeRate: '0',
  takerFeeRate: '0',
  priceBand: '0.10',
});
const eth = pairRules({
  symbol: 'ETH/USDT',
  tickSize: '0.01',
  lotSize: '0.00001',
  baseScale: 8,
  quoteScale: 6,
  makerFeeRate: '0.001',
  takerFeeRate: '0.001',
  priceBand: '0.1',
});
/** A pair whose single fills are worth fractions of a quote unit, to stress the rounding. */
const coarse = pairRules({
  symbol: 'XRP/USDT',
  tickSize: '0.0001',
  lotSize: '0.1',
  baseScale: 8,
  quoteScale: 2,
  makerFeeRate: '0.0007',
  takerFeeRate: '0.0023',
  priceBand: '0.2',
});

describe('pair rules', () => {
  it('reads tick, lot, rates and band exactly', () => {
    expect(btc).toMatchObject({ tickUnits: 1n, priceScale: 2, lotUnits: 1n, lotScale: 5 });
    expect(eth.makerRate).toBe(100_000n);
    expect(btc.band).toBe(10_000_000n);
    expect(holdRate(coarse)).toBe(230_000n);
  });

  it('refuses a configuration that cannot work', () => {
    const base = {
      symbol: 'X/Y',
      tickSize: '0.01',
      lotSize: '0.001',
      baseScale: 8,
      quoteScale: 6,
      makerFeeRate: '0',
      takerFeeRate: '0',
      priceBand: '0.1',
    };
    expect(() => pairRules({ ...base, lotSize: '0.000000001' })).toThrow();
    expect(() => pairRules({ ...base, takerFeeRate: '0.5' })).toThrow();
    expect(() => pairRules({ ...base, priceBand: '0' })).toThrow();
    expect(() => pairRules({ ...base, priceBand: '1' })).toThrow();
    expect(() => pairRules({ ...base, makerFeeRate: '0.000000001' })).toThrow();
  });
});

describe('prices and amounts typed by users', () => {
  it.each([
    ['95000', 9_500_000],
    ['95000.01', 9_500_001],
    ['0.01', 1],
    [' 1.10 ', 110],
  ])('accepts the price %s as %d ticks', (text, ticks) => {
    expect(parsePriceTicks(text, btc)).toEqual({ ok: true, value: ticks });
  });

  it.each([
    ['0', 'price_not_positive'],
    ['0.00', 'price_not_positive'],
    ['-1', 'price_invalid'],
    ['1e-30', 'price_invalid'],
    ['1e30', 'price_invalid'],
    ['1000000000000000000000000000000', 'price_too_large'],
    ['20000000000', 'price_too_large'],
    ['NaN', 'price_invalid'],
    ['abc', 'price_invalid'],
    ['', 'price_invalid'],
    ['95000.001', 'price_off_tick'],
    ['0.000000000000000000000000000001', 'price_off_tick'],
  ])('refuses the price %j (%s)', (text, error) => {
    expect(parsePriceTicks(text, btc)).toEqual({ ok: false, error });
  });

  it('refuses a price between ticks of a coarser tick', () => {
    const fives = pairRules({ ...configOf(btc), tickSize: '0.05' });
    expect(parsePriceTicks('1.05', fives)).toEqual({ ok: true, value: 21 });
    expect(parsePriceTicks('1.01', fives)).toEqual({ ok: false, error: 'price_off_tick' });
  });

  it.each([
    ['0.00001', 1],
    ['1', 100_000],
    ['0.5', 50_000],
  ])('accepts the amount %s as %d lots', (text, lots) => {
    expect(parseLots(text, btc)).toEqual({ ok: true, value: lots });
  });

  it.each([
    ['0', 'amount_not_positive'],
    ['-0.1', 'amount_invalid'],
    ['1e-30', 'amount_invalid'],
    ['1e30', 'amount_invalid'],
    ['NaN', 'amount_invalid'],
    ['abc', 'amount_invalid'],
    ['0.000001', 'amount_off_lot'],
    ['0.000000000000000000000000000001', 'amount_off_lot'],
    ['99999999', 'amount_too_large'],
    ['1000000000000000000000000000000', 'amount_too_large'],
  ])('refuses the amount %j (%s)', (text, error) => {
    expect(parseLots(text, btc)).toEqual({ ok: false, error });
  });

  it('writes ticks and lots back as the same decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 1, max: 1e12 }), (ticks, lots) => {
        expect(parsePriceTicks(priceText(ticks, btc), btc)).toEqual({ ok: true, value: ticks });
        expect(parseLots(amountText(lots, btc), btc)).toEqual({ ok: true, value: lots });
      }),
    );
    expect(priceText(9_500_001, btc)).toBe('95000.01');
    expect(amountText(1, btc)).toBe('0.00001');
  });
});

describe('the price band', () => {
  it('is reference x (1 +- band) rounded inward to the tick', () => {
    expect(bandTicks('95000', btc)).toEqual({ low: 8_550_000, high: 10_450_000 });
    expect(bandTicks('95000.015', btc)).toEqual({ low: 8_550_002, high: 10_450_001 });
    expect(bandTicks('0', btc)).toBeNull();
    expect(bandTicks('abc', btc)).toBeNull();
  });

  it('gives market orders the far edge as their protection limit', () => {
    const band = { low: ticks(90), high: ticks(110) };
    expect(marketLimitTicks('buy', band)).toBe(110);
    expect(marketLimitTicks('sell', band)).toBe(90);
  });

  it('never admits a price outside the exact band', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e10 }), (refUnits) => {
        const ref = priceText(refUnits, eth);
        const band = bandTicks(ref, eth);
        if (!band) return;
        // In ticks: low >= ref x 0.9 and high <= ref x 1.1, and one tick further is outside.
        expect(BigInt(band.low) * 10n).toBeGreaterThanOrEqual(BigInt(refUnits) * 9n);
        expect(BigInt(band.high) * 10n).toBeLessThanOrEqual(BigInt(refUnits) * 11n);
        expect(BigInt(band.high + 1) * 10n).toBeGreaterThan(BigInt(refUnits) * 11n);
        if (band.low > 1) expect(BigInt(band.low - 1) * 10n).toBeLessThan(BigInt(refUnits) * 9n);
      }),
    );
  });
});

describe('holds', () => {
  it('holds price x amount + fee in quote for a buy, the amount in base for a sell', () => {
    // 0.01 BTC at 95000 = 950 USDT, no fee.
    expect(holdFor('buy', 9_500_000, 1000, btc)).toBe(950_000_000n);
    expect(holdFor('sell', 9_500_000, 1000, btc)).toBe(1_000_000n);
    // 0.01 ETH at 3200 = 32 USDT + 0.1 % = 32.032 USDT.
    expect(holdFor('buy', 320_000, 1000, eth)).toBe(32_032_000n);
    // One lot at one tick: 1e-7 USDT rounds up to one unit.
    expect(holdFor('buy', 1, 1, btc)).toBe(1n);
  });
});

function configOf(rules: PairRules) {
  return {
    symbol: rules.symbol,
    tickSize: priceText(1, rules),
    lotSize: amountText(1, rules),
    baseScale: rules.baseScale,
    quoteScale: rules.quoteScale,
    makerFeeRate: '0',
    takerFeeRate: '0',
    priceBand: '0.1',
  };
}

const pairs = fc.constantFrom(btc, eth, coarse);
const fills = fc.array(
  fc.record({ priceTicks: fc.integer({ min: 1, max: 2_000_000 }), lots: fc.integer({ min: 1, max: 5_000 }) }),
  { minLength: 1, maxLength: 30 },
);

function run(
  side: 'buy' | 'sell',
  rules: PairRules,
  list: { priceTicks: number; lots: number }[],
  roles: boolean[],
) {
  let money: OrderMoney = noMoney;
  const parts: { turnover: bigint; fee: bigint }[] = [];
  list.forEach((fill, index) => {
    const rate = roles[index % roles.length] ? rules.makerRate : rules.takerRate;
    const step = fillOrder(side, money, { ...fill, rate }, rules);
    money = step.money;
    parts.push({ turnover: step.turnover, fee: step.fee });
  });
  return { money, parts };
}

describe('rounding of fills (reliability case 8)', () => {
  it('per-fill parts of an order sum to the rounded cumulative whole, none negative', () => {
    fc.assert(
      fc.property(
        pairs,
        fills,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
        (rules, list, roles) => {
          for (const side of ['buy', 'sell'] as const) {
            const { money, parts } = run(side, rules, list, roles);
            const turnover = parts.reduce((sum, part) => sum + part.turnover, 0n);
            const fee = parts.reduce((sum, part) => sum + part.fee, 0n);
            expect(turnover).toBe(money.turnover);
            expect(fee).toBe(money.fee);
            for (const part of parts) {
              expect(part.turnover).toBeGreaterThanOrEqual(0n);
              expect(part.fee).toBeGreaterThanOrEqual(0n);
              // A seller never pays more fee in a fill than it receives.
              if (side === 'sell') expect(part.turnover - part.fee).toBeGreaterThanOrEqual(0n);
            }
            const whole =
              side === 'buy'
                ? notionalCeil(money.notionalExact, rules)
                : notionalFloor(money.notionalExact, rules);
            expect(money.turnover).toBe(whole);
            expect(money.fee).toBeLessThanOrEqual(feeCeil(money.feeExact, rules));
            if (side === 'buy') expect(money.fee).toBe(feeCeil(money.feeExact, rules));
          }
        },
      ),
    );
  });

  it('a buy hold always covers its fills and fees at or below its limit', () => {
    fc.assert(
      fc.property(
        pairs,
        fills,
        fc.integer({ min: 0, max: 1000 }),
        fc.boolean(),
        (rules, list, extraTicks, maker) => {
          const limit = Math.max(...list.map((fill) => fill.priceTicks)) + extraTicks;
          const lots = list.reduce((sum, fill) => sum + fill.lots, 0);
          const hold = holdFor('buy', limit, lots, rules);
          const { money } = run('buy', rules, list, [maker]);
          expect(buyHoldRemaining(hold, money)).toBeGreaterThanOrEqual(0n);
          // Everything filled at the limit itself uses the hold to the unit.
          const atLimit = run('buy', rules, [{ priceTicks: limit, lots }], [false]);
          if (rules.makerRate === rules.takerRate) expect(buyHoldRemaining(hold, atLimit.money)).toBe(0n);
        },
      ),
    );
  });

  it('each trade balances: the buyer pays the seller, the fees and the rounding account', () => {
    fc.assert(
      fc.property(pairs, fills, (rules, list) => {
        let buyer: OrderMoney = noMoney;
        let seller: OrderMoney = noMoney;
        let rounding = 0n;
        for (const fill of list) {
          const b = fillOrder('buy', buyer, { ...fill, rate: rules.takerRate }, rules);
          const s = fillOrder('sell', seller, { ...fill, rate: rules.makerRate }, rules);
          buyer = b.money;
          seller = s.money;
          const parts = tradeQuoteParts(b, s);
          expect(parts.buyerPays).toBe(parts.sellerGets + parts.fees + parts.rounding);
          rounding += parts.rounding;
        }
        // Over the whole order pair the rounding account only gains (ceil minus floor).
        expect(rounding).toBeGreaterThanOrEqual(0n);
        expect(rounding).toBe(buyer.turnover - seller.turnover);
      }),
    );
  });

  it('charges 0.1 % on ETH/USDT and nothing on BTC/USDT', () => {
    const fill = { priceTicks: 320_000, lots: 1000, rate: eth.takerRate };
    expect(fillOrder('buy', noMoney, fill, eth)).toMatchObject({ turnover: 32_000_000n, fee: 32_000n });
    expect(fillOrder('sell', noMoney, fill, eth)).toMatchObject({ turnover: 32_000_000n, fee: 32_000n });
    const btcFill = { priceTicks: 9_500_000, lots: 1000, rate: btc.takerRate };
    expect(fillOrder('buy', noMoney, btcFill, btc)).toMatchObject({ turnover: 950_000_000n, fee: 0n });
  });
});

/** A level of the book as the exchange walk sees it. */
const walkLevel = (price: number, quantity: number): WalkLevel => ({
  priceTicks: ticks(price),
  lots: lots(quantity),
});

describe('the exchange walk', () => {
  const asks = [walkLevel(320_000, 1000), walkLevel(320_100, 1000)];

  it('buys the most lots the budget pays for, fee included', () => {
    // 32.032 USDT buys exactly the first level with its fee.
    expect(lotsForBudget(asks, 32_032_000n, eth.takerRate, eth)).toEqual({
      lots: 1000,
      worstTicks: 320_000,
      cost: 32_000_000n,
      fee: 32_000n,
      bookShort: false,
      bookTaken: false,
    });
    const some = lotsForBudget(asks, 40_000_000n, eth.takerRate, eth);
    expect(some.lots).toBeGreaterThan(1000);
    expect(some.cost + some.fee).toBeLessThanOrEqual(40_000_000n);
    expect(lotsForBudget(asks, 1n, eth.takerRate, eth).lots).toBe(0);
    // More budget than the whole book: every lot, and the walk says the book was short.
    const all = lotsForBudget(asks, 10n ** 15n, eth.takerRate, eth);
    expect(all.lots).toBe(asks.reduce((sum, level) => sum + level.lots, 0));
    expect(all.bookShort).toBe(true);
    expect(all.bookTaken).toBe(true);
  });

  it('never spends more than the budget, and one more lot would', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc
            .tuple(fc.integer({ min: 1, max: 1e7 }), fc.integer({ min: 1, max: 1e4 }))
            .map(([price, quantity]) => walkLevel(price, quantity)),
          {
            maxLength: 10,
          },
        ),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (levels, budget) => {
          const sorted = [...levels].sort((a, b) => a.priceTicks - b.priceTicks);
          const result = lotsForBudget(sorted, budget, eth.takerRate, eth);
          expect(result.cost + result.fee).toBeLessThanOrEqual(budget);
          const total = sorted.reduce((sum, level) => sum + level.lots, 0);
          if (result.bookShort) expect(result.lots).toBe(total);
          if (result.lots < total) {
            const more = proceedsForLots([], lots(0), 0n, eth); // keeps the helper exercised
            expect(more.lots).toBe(0);
            // Cost of one more lot at the next price exceeds the budget.
            let left = result.lots + 1;
            let tl = 0n;
            for (const level of sorted) {
              const take = Math.min(left, level.lots);
              tl += BigInt(level.priceTicks) * BigInt(take);
              left -= take;
              if (left === 0) break;
            }
            expect(notionalCeil(tl, eth) + feeCeil(tl * eth.takerRate, eth)).toBeGreaterThan(budget);
          }
        },
      ),
    );
  });

  it('sells into the bids for proceeds less the fee', () => {
    const bids = [walkLevel(319_900, 500), walkLevel(319_800, 500)];
    const result = proceedsForLots(bids, lots(800), eth.takerRate, eth);
    expect(result.lots).toBe(800);
    expect(result.worstTicks).toBe(319_800);
    expect(result.proceeds).toBe(15_995_000n + 9_594_000n);
    expect(proceedsForLots(bids, lots(2000), eth.takerRate, eth).lots).toBe(1000);
  });
});

describe('average price', () => {
  it('is the volume-weighted price at the price decimals, half up', () => {
    expect(averagePriceText(0n, 0n, btc)).toBeNull();
    expect(averagePriceText(100n * 3n + 101n, 4n, btc)).toBe('1.00');
    expect(averagePriceText(100n + 101n, 2n, btc)).toBe('1.01');
  });
});
