import { describe, expect, it } from 'vitest';
import {
  affordableLots,
  buyBudget,
  buyCost,
  levelLotsFor,
  type MakerOrder,
  type MakerSettings,
  makerLadder,
  othersBook,
  type PairUnits,
  ppmOne,
  reconcileLadder,
  requoteDue,
  requoteIntervalMs,
  sellableLots,
  settingsProblems,
  skewShiftPpm,
  sweepOrders,
} from './spot.market-maker.domain';

/** BTC/USDT: tick 0.01 USDT (USDT scale 6), lot 0.00001 BTC (BTC scale 8). */
const btcUsdt: PairUnits = { tickQuote: 10_000n, lotBase: 1_000n, baseScale: 8 };
const usdt = (whole: number) => BigInt(whole) * 1_000_000n;
const btc = (whole: number) => BigInt(whole) * 100_000_000n;
/** 95,000 USDT: 9,500,000 ticks. */
const reference = usdt(95_000);
const settings: MakerSettings = {
  levels: 5,
  halfSpreadPpm: 1_000n,
  stepPpm: 500n,
  levelLots: 2_000n,
  edgePpm: 500n,
  skewPpm: 0n,
  feeReservePpm: 5_000n,
};
const plenty = { base: btc(100), quote: usdt(10_000_000) };

const bids = (orders: readonly MakerOrder[]) => orders.filter((order) => order.side === 'buy');
const asks = (orders: readonly MakerOrder[]) => orders.filter((order) => order.side === 'sell');

describe('market maker settings', () => {
  it('accepts a sensible combination', () => {
    expect(settingsProblems(settings)).toEqual([]);
  });

  it.each([
    [{ levels: -1 }, 'levels'],
    [{ levels: 1.5 }, 'levels'],
    [{ levelLots: 0n }, 'lot'],
    [{ halfSpreadPpm: 0n }, 'half spread'],
    [{ stepPpm: -1n }, 'step'],
    [{ edgePpm: 1_000n }, 'edge'],
    [{ edgePpm: 0n }, 'edge'],
    [{ skewPpm: 1_000n }, 'skew'],
    [{ feeReservePpm: ppmOne }, 'reserve'],
    [{ levels: 3, stepPpm: 500_000n }, 'farthest'],
  ] as const)('refuses %o', (change, word) => {
    const problems = settingsProblems({ ...settings, ...change });
    expect(problems.join(' ')).toContain(word);
  });
});

describe('costs and sizes', () => {
  it('rounds a buy cost up to the quote unit', () => {
    // 0.01 USDT x 0.00001 BTC = 0.0000001 USDT: below one unit, still one unit.
    expect(buyCost({ priceTicks: 1n, lots: 1n }, btcUsdt)).toBe(1n);
    // 95,000 x 0.02 = 1,900 USDT exactly.
    expect(buyCost({ priceTicks: 9_500_000n, lots: 2_000n }, btcUsdt)).toBe(usdt(1_900));
    expect(buyBudget({ priceTicks: 9_500_000n, lots: 2_000n }, btcUsdt, 5_000n)).toBe(1_909_500_000n);
  });

  it('affords the most lots whose budget fits, for many prices and balances', () => {
    let seed = 7;
    const next = (limit: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return BigInt(seed % limit);
    };
    for (let run = 0; run < 500; run += 1) {
      const priceTicks = next(10_000_000) + 1n;
      const quote = next(2_000_000_000);
      const reserve = next(10_000);
      const lots = affordableLots(priceTicks, quote, btcUsdt, reserve);
      if (lots > 0n) expect(buyBudget({ priceTicks, lots }, btcUsdt, reserve)).toBeLessThanOrEqual(quote);
      expect(buyBudget({ priceTicks, lots: lots + 1n }, btcUsdt, reserve)).toBeGreaterThan(quote);
    }
    expect(affordableLots(0n, usdt(1), btcUsdt, 0n)).toBe(0n);
    expect(affordableLots(1n, 0n, btcUsdt, 0n)).toBe(0n);
  });

  it('counts whole lots of base', () => {
    expect(sellableLots(2_999n, btcUsdt)).toBe(2n);
    expect(sellableLots(0n, btcUsdt)).toBe(0n);
    expect(sellableLots(-5n, btcUsdt)).toBe(0n);
  });

  it('sizes a level by its quote value, at least one lot', () => {
    // 1,900 USDT at 95,000 = 0.02 BTC = 2,000 lots.
    expect(levelLotsFor(usdt(1_900), reference, btcUsdt)).toBe(2_000n);
    expect(levelLotsFor(1n, reference, btcUsdt)).toBe(1n);
    expect(levelLotsFor(usdt(1), 0n, btcUsdt)).toBe(1n);
  });
});

describe('the ladder', () => {
  const ladder = makerLadder({ referencePrice: reference, units: btcUsdt, settings, inventory: plenty });

  it('quotes every level on both sides, best first', () => {
    expect(bids(ladder).map((order) => order.priceTicks)).toEqual([
      9_490_500n, // 95,000 x (1 - 0.001)
      9_485_750n, // x (1 - 0.0015)
      9_481_000n,
      9_476_250n,
      9_471_500n,
    ]);
    expect(asks(ladder).map((order) => order.priceTicks)).toEqual([
      9_509_500n,
      9_514_250n,
      9_519_000n,
      9_523_750n,
      9_528_500n,
    ]);
    expect(ladder.every((order) => order.lots === settings.levelLots)).toBe(true);
  });

  it('rounds bids down and asks up to a tick', () => {
    const odd = makerLadder({
      referencePrice: 95_000_123_456n,
      units: btcUsdt,
      settings: { ...settings, levels: 1 },
      inventory: plenty,
    });
    // 95,000.123456 x 0.999 = 94,905.123332... -> 94,905.12; x 1.001 = 95,095.123579... -> 95,095.13
    expect(odd).toEqual([
      { side: 'sell', priceTicks: 9_509_513n, lots: 2_000n },
      { side: 'buy', priceTicks: 9_490_512n, lots: 2_000n },
    ]);
  });

  it('keeps bids below and asks above the reference, never two on one tick', () => {
    const cramped = makerLadder({
      referencePrice: usdt(1),
      units: btcUsdt,
      settings: { ...settings, levels: 10, halfSpreadPpm: 1_000n, stepPpm: 1n },
      inventory: plenty,
    });
    const bidTicks = bids(cramped).map((order) => order.priceTicks);
    const askTicks = asks(cramped).map((order) => order.priceTicks);
    expect(bidTicks).toEqual([99n, 98n, 97n, 96n, 95n, 94n, 93n, 92n, 91n, 90n]);
    expect(askTicks).toEqual([101n, 102n, 103n, 104n, 105n, 106n, 107n, 108n, 109n, 110n]);
  });

  it('stops the bids at the lowest tick', () => {
    const cheap = makerLadder({
      referencePrice: 30_000n, // 0.03 USDT = 3 ticks
      units: btcUsdt,
      settings: { ...settings, levels: 5, halfSpreadPpm: 100_000n, stepPpm: 1n },
      inventory: plenty,
    });
    expect(bids(cheap).map((order) => order.priceTicks)).toEqual([2n, 1n]);
  });

  it('quotes nothing without a reference price or levels', () => {
    expect(makerLadder({ referencePrice: 0n, units: btcUsdt, settings, inventory: plenty })).toEqual([]);
    expect(
      makerLadder({
        referencePrice: reference,
        units: btcUsdt,
        settings: { ...settings, levels: 0 },
        inventory: plenty,
      }),
    ).toEqual([]);
  });

  it('offers no more base than it holds, the last ask smaller', () => {
    const short = makerLadder({
      referencePrice: reference,
      units: btcUsdt,
      settings,
      inventory: { base: 4_500n * 1_000n + 999n, quote: usdt(10_000_000) },
    });
    expect(asks(short).map((order) => order.lots)).toEqual([2_000n, 2_000n, 500n]);
    expect(bids(short)).toHaveLength(5);
    const none = makerLadder({
      referencePrice: reference,
      units: btcUsdt,
      settings,
      inventory: { base: 0n, quote: plenty.quote },
    });
    expect(asks(none)).toEqual([]);
  });

  it('bids no more quote than it holds, fee reserve included', () => {
    const quote = usdt(5_000); // one level costs about 1,900 USDT
    const short = makerLadder({
      referencePrice: reference,
      units: btcUsdt,
      settings,
      inventory: { base: plenty.base, quote },
    });
    const bidOrders = bids(short);
    expect(bidOrders.map((order) => order.lots).slice(0, 2)).toEqual([2_000n, 2_000n]);
    expect(bidOrders).toHaveLength(3);
    const spent = bidOrders.reduce(
      (sum, order) => sum + buyBudget(order, btcUsdt, settings.feeReservePpm),
      0n,
    );
    expect(spent).toBeLessThanOrEqual(quote);
    expect(asks(short)).toHaveLength(5);
    const none = makerLadder({
      referencePrice: reference,
      units: btcUsdt,
      settings,
      inventory: { base: plenty.base, quote: 0n },
    });
    expect(bids(none)).toEqual([]);
  });

  it('never spends more than the inventory, whatever it is', () => {
    for (let base = 0n; base < 20_000_000n; base += 1_234_567n) {
      for (let quote = 0n; quote < usdt(20_000); quote += 1_357_913_579n) {
        const orders = makerLadder({
          referencePrice: reference,
          units: btcUsdt,
          settings,
          inventory: { base, quote },
        });
        const sold = asks(orders).reduce((sum, order) => sum + order.lots * btcUsdt.lotBase, 0n);
        const paid = bids(orders).reduce(
          (sum, order) => sum + buyBudget(order, btcUsdt, settings.feeReservePpm),
          0n,
        );
        expect(sold).toBeLessThanOrEqual(base);
        expect(paid).toBeLessThanOrEqual(quote);
      }
    }
  });
});

describe('the inventory skew', () => {
  const skewed = { ...settings, skewPpm: 400n };
  const balanced = { base: btc(1), quote: usdt(95_000) };

  it('is zero when balanced or switched off', () => {
    expect(skewShiftPpm(reference, balanced, btcUsdt, 400n)).toBe(0n);
    expect(skewShiftPpm(reference, { base: btc(10), quote: 0n }, btcUsdt, 0n)).toBe(0n);
    expect(skewShiftPpm(reference, { base: 0n, quote: 0n }, btcUsdt, 400n)).toBe(0n);
  });

  it('lowers the prices when long base and raises them when long quote, at most the skew', () => {
    expect(skewShiftPpm(reference, { base: btc(10), quote: 0n }, btcUsdt, 400n)).toBe(-400n);
    expect(skewShiftPpm(reference, { base: 0n, quote: usdt(10) }, btcUsdt, 400n)).toBe(400n);
    expect(skewShiftPpm(reference, { base: btc(3), quote: usdt(95_000) }, btcUsdt, 400n)).toBe(-200n);

    const even = makerLadder({
      referencePrice: reference,
      units: btcUsdt,
      settings: skewed,
      inventory: balanced,
    });
    const long = makerLadder({
      referencePrice: reference,
      units: btcUsdt,
      settings: skewed,
      inventory: { base: btc(3), quote: usdt(95_000) },
    });
    const first = (orders: MakerOrder[], side: 'buy' | 'sell') =>
      orders.find((order) => order.side === side)?.priceTicks ?? 0n;
    expect(first(long, 'sell')).toBeLessThan(first(even, 'sell'));
    expect(first(long, 'buy')).toBeLessThan(first(even, 'buy'));
    // The shift stays below the half spread: the first ask is still above the reference.
    expect(first(long, 'sell') * btcUsdt.tickQuote).toBeGreaterThan(reference);
  });
});

describe('the sweep of orders priced through fair value', () => {
  const available = { base: btc(10), quote: usdt(1_000_000) };
  // ref x (1 + 0.0005) = 95,047.50 -> bids at 9,504,750 ticks or more are swept.
  const bidFloor = 9_504_750n;
  // ref x (1 - 0.0005) = 94,952.50 -> asks at 9,495,250 ticks or less are swept.
  const askCeiling = 9_495_250n;
  const sweep = (others: Parameters<typeof sweepOrders>[0]['others'], inventory = available) =>
    sweepOrders({ referencePrice: reference, units: btcUsdt, settings, others, available: inventory });

  it('sells into a bid at or above ref x (1 + edge), at that bid', () => {
    expect(sweep({ bids: [{ priceTicks: bidFloor, lots: 7n }], asks: [] })).toEqual([
      { side: 'sell', priceTicks: bidFloor, lots: 7n },
    ]);
    expect(sweep({ bids: [{ priceTicks: bidFloor - 1n, lots: 7n }], asks: [] })).toEqual([]);
  });

  it('buys an ask at or below ref x (1 - edge), at that ask', () => {
    expect(sweep({ bids: [], asks: [{ priceTicks: askCeiling, lots: 9n }] })).toEqual([
      { side: 'buy', priceTicks: askCeiling, lots: 9n },
    ]);
    expect(sweep({ bids: [], asks: [{ priceTicks: askCeiling + 1n, lots: 9n }] })).toEqual([]);
  });

  it('takes every level through fair value with one order limited at the farthest', () => {
    const orders = sweep({
      bids: [
        { priceTicks: bidFloor + 500n, lots: 3n },
        { priceTicks: bidFloor + 10n, lots: 4n },
        { priceTicks: bidFloor - 10n, lots: 100n },
      ],
      asks: [
        { priceTicks: askCeiling - 300n, lots: 5n },
        { priceTicks: askCeiling, lots: 6n },
        { priceTicks: askCeiling + 1n, lots: 100n },
      ],
    });
    expect(orders).toEqual([
      { side: 'sell', priceTicks: bidFloor + 10n, lots: 7n },
      { side: 'buy', priceTicks: askCeiling, lots: 11n },
    ]);
  });

  it('takes no more than the inventory allows', () => {
    const little = { base: 3_500n, quote: buyBudget({ priceTicks: askCeiling, lots: 2n }, btcUsdt, 5_000n) };
    expect(
      sweep(
        { bids: [{ priceTicks: bidFloor, lots: 10n }], asks: [{ priceTicks: askCeiling, lots: 10n }] },
        little,
      ),
    ).toEqual([
      { side: 'sell', priceTicks: bidFloor, lots: 3n },
      { side: 'buy', priceTicks: askCeiling, lots: 2n },
    ]);
    expect(
      sweep(
        { bids: [{ priceTicks: bidFloor, lots: 10n }], asks: [{ priceTicks: askCeiling, lots: 10n }] },
        { base: 0n, quote: 0n },
      ),
    ).toEqual([]);
  });

  it('does nothing without a reference price', () => {
    expect(
      sweepOrders({
        referencePrice: 0n,
        units: btcUsdt,
        settings,
        others: { bids: [{ priceTicks: 1n, lots: 1n }], asks: [] },
        available,
      }),
    ).toEqual([]);
  });

  it('leaves an order between the ladder and the edge alone', () => {
    // A bid inside the spread but above ref by less than the edge: the maker's ask is above it.
    expect(
      sweep({
        bids: [{ priceTicks: bidFloor - 1n, lots: 1n }],
        asks: [{ priceTicks: askCeiling + 1n, lots: 1n }],
      }),
    ).toEqual([]);
  });
});

describe('the book without the maker', () => {
  it('subtracts the unfilled part of its own orders at each price', () => {
    const others = othersBook(
      {
        bids: [
          { priceTicks: 100n, lots: 10n },
          { priceTicks: 99n, lots: 5n },
        ],
        asks: [
          { priceTicks: 101n, lots: 4n },
          { priceTicks: 102n, lots: 8n },
        ],
      },
      [
        { id: 1, side: 'buy', priceTicks: 100n, lots: 6n, filledLots: 2n },
        { id: 2, side: 'buy', priceTicks: 99n, lots: 5n, filledLots: 0n },
        { id: 3, side: 'sell', priceTicks: 102n, lots: 3n, filledLots: 0n },
      ],
    );
    expect(others).toEqual({
      bids: [{ priceTicks: 100n, lots: 6n }],
      asks: [
        { priceTicks: 101n, lots: 4n },
        { priceTicks: 102n, lots: 5n },
      ],
    });
  });
});

describe('keeping or replacing the resting orders', () => {
  const wanted: MakerOrder[] = [
    { side: 'buy', priceTicks: 99n, lots: 5n },
    { side: 'buy', priceTicks: 98n, lots: 5n },
    { side: 'sell', priceTicks: 101n, lots: 5n },
  ];

  it('places everything when nothing rests', () => {
    expect(reconcileLadder([], wanted)).toEqual({ cancel: [], place: wanted });
  });

  it('keeps exact untouched matches and replaces the rest', () => {
    const plan = reconcileLadder(
      [
        { id: 1, side: 'buy', priceTicks: 99n, lots: 5n, filledLots: 0n }, // kept
        { id: 2, side: 'buy', priceTicks: 98n, lots: 5n, filledLots: 1n }, // partly filled
        { id: 3, side: 'sell', priceTicks: 102n, lots: 5n, filledLots: 0n }, // stale price
        { id: 4, side: 'buy', priceTicks: 99n, lots: 5n, filledLots: 0n }, // duplicate
        { id: 5, side: 'buy', priceTicks: 101n, lots: 5n, filledLots: 0n }, // wrong side
      ],
      wanted,
    );
    expect(plan).toEqual({
      cancel: [2, 3, 4, 5],
      place: [
        { side: 'buy', priceTicks: 98n, lots: 5n },
        { side: 'sell', priceTicks: 101n, lots: 5n },
      ],
    });
  });

  it('cancels everything when nothing is wanted', () => {
    expect(reconcileLadder([{ id: 9, side: 'sell', priceTicks: 1n, lots: 1n, filledLots: 0n }], [])).toEqual({
      cancel: [9],
      place: [],
    });
  });
});

describe('re-quoting on a market tick', () => {
  const last = { referencePrice: 95_000_000_000n, seq: 7, at: 1_000_000 };
  const base = {
    last,
    referencePrice: last.referencePrice,
    seq: 7,
    now: last.at + 1_000,
    halfSpreadPpm: 1_000n,
  };
  it('skips a tick that moved the reference less than a quarter of the half spread in a quiet book', () => {
    // 0.1 % half spread: a quarter is 0.025 %, 23.75 USDT on 95,000.
    expect(requoteDue({ ...base, referencePrice: last.referencePrice + 23_000_000n })).toBe(false);
    expect(requoteDue({ ...base, referencePrice: last.referencePrice - 23_000_000n })).toBe(false);
  });

  it('re-quotes when first asked, when the book changed, when the price moved enough, or after a while', () => {
    expect(requoteDue({ ...base, last: null })).toBe(true);
    expect(requoteDue({ ...base, seq: 8 })).toBe(true);
    expect(requoteDue({ ...base, referencePrice: last.referencePrice + 23_750_000n })).toBe(true);
    expect(requoteDue({ ...base, referencePrice: last.referencePrice - 30_000_000n })).toBe(true);
    expect(requoteDue({ ...base, now: last.at + requoteIntervalMs })).toBe(true);
  });
});
