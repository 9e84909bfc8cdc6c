import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ContractSide,
  type ContractTerms,
  checkStops,
  contractMoneyDivisor,
  contractPnl,
  fillPrice,
  fitsOpenInterest,
  isLiquidating,
  maxProfitPrice,
  openInterestCap,
  overnightFee,
  parseMultiples,
  priceUnits,
  quoteOpen,
  riskRatePpm,
  settleContract,
} from './contracts';
import { closeReceiptInputs, overnightReceiptInputs, recomputeContractReceipt } from './receipt';
import { parseSessionHours, sessionState } from './sessions';

const usdt = contractMoneyDivisor(6);
const terms: ContractTerms = {
  contractSize: 1_000_000n, // 0.01 BTC per lot
  spread: 1_000_000_000n, // 10 USDT
  openFeePpm: 500n,
  closeFeePpm: 500n,
  overnightPpm: 300n,
  maintenancePpm: 5_000n,
  liquidationFeePpm: 2_000n,
  maxMovePpm: 1_000_000n,
};
const price = (text: string) => priceUnits(text) as bigint;
const side = fc.constantFrom<ContractSide>('long', 'short');

describe('contract sizing', () => {
  it('sizes margin, fee, exposure and liquidation of a worked example', () => {
    // 2 lots of 0.01 BTC at 95,010 (95,000 + 10 spread), 10x.
    const quote = quoteOpen({
      side: 'long',
      price: price('95010'),
      lots: 2n,
      multiple: 10n,
      terms,
      moneyDivisor: usdt,
    });
    expect(quote.notional).toBe(1_900_200_000n); // 1,900.2 USDT
    expect(quote.margin).toBe(190_020_000n);
    expect(quote.openFee).toBe(950_100n);
    expect(quote.cost).toBe(190_970_100n);
    expect(quote.maintenance).toBe(9_501_000n);
    // cushion 180.519 USDT over 0.02 BTC = 9,025.95 below the open, plus the spread back.
    expect(quote.liquidationPrice).toBe(price('85994.05'));
  });

  it('liquidates exactly from the liquidation price on, never before', () => {
    fc.assert(
      fc.property(
        side,
        fc.bigInt({ min: 1_000_000_000n, max: 10_000_000_000_000n }),
        fc.bigInt({ min: 1n, max: 50n }),
        fc.constantFrom(1n, 2n, 5n, 10n, 20n, 50n, 100n),
        (s, open, lots, multiple) => {
          const quote = quoteOpen({ side: s, price: open, lots, multiple, terms, moneyDivisor: usdt });
          const check = (reference: bigint) =>
            isLiquidating({
              side: s,
              lots,
              openPrice: open,
              margin: quote.margin,
              maintenance: quote.maintenance,
              referencePrice: reference,
              terms,
              moneyDivisor: usdt,
            });
          if (quote.liquidationPrice > 0n) expect(check(quote.liquidationPrice)).toBe(true);
          const safer =
            s === 'long' ? quote.liquidationPrice + 2_000_000n : quote.liquidationPrice - 2_000_000n;
          if (quote.margin > quote.maintenance + 1n && safer > 0n) {
            const lossAtSafer = -contractPnl({
              side: s,
              openPrice: open,
              closePrice: fillPrice(safer, terms.spread, s === 'short'),
              lots,
              contractSize: terms.contractSize,
              moneyDivisor: usdt,
            });
            if (quote.margin - lossAtSafer > quote.maintenance) expect(check(safer)).toBe(false);
          }
        },
      ),
    );
  });
});

describe('settlement', () => {
  const inputs = fc.record({
    side,
    lots: fc.bigInt({ min: 1n, max: 100n }),
    openPrice: fc.bigInt({ min: 100_000_000n, max: 10_000_000_000_000n }),
    multiple: fc.constantFrom(1n, 5n, 10n, 100n),
    move: fc.integer({ min: -200, max: 300 }),
    reason: fc.constantFrom('close', 'take_profit', 'stop_loss', 'liquidation', 'max_profit' as const),
    overnight: fc.bigInt({ min: 0n, max: 100n }),
  });

  it('balances: the user never pays more than the margin, the pool never more than its reservation', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const quote = quoteOpen({
          side: input.side,
          price: input.openPrice,
          lots: input.lots,
          multiple: input.multiple,
          terms,
          moneyDivisor: usdt,
        });
        const margin = quote.margin - (quote.margin * input.overnight) / 100n;
        const referencePrice = (input.openPrice * BigInt(100 + input.move)) / 100n;
        const outcome = settleContract({
          side: input.side,
          lots: input.lots,
          openPrice: input.openPrice,
          margin,
          exposure: quote.exposure,
          referencePrice: referencePrice > 0n ? referencePrice : 1n,
          reason: input.reason,
          terms,
          moneyDivisor: usdt,
        });
        for (const value of [
          outcome.poolToUser,
          outcome.userToPool,
          outcome.userToFees,
          outcome.userToInsurance,
          outcome.insuranceToPool,
          outcome.returned,
        ]) {
          expect(value).toBeGreaterThanOrEqual(0n);
        }
        expect(outcome.userToPool + outcome.userToFees + outcome.userToInsurance + outcome.returned).toBe(
          margin + outcome.poolToUser,
        );
        expect(outcome.poolToUser).toBeLessThanOrEqual(quote.exposure);
        expect(outcome.poolToUser > 0n && outcome.userToPool > 0n).toBe(false);
        // A loss beyond the margin is the insurance account's, never the user's.
        if (outcome.pnl < 0n) expect(outcome.userToPool + outcome.insuranceToPool).toBe(-outcome.pnl);
        if (input.reason !== 'liquidation') expect(outcome.userToInsurance).toBe(0n);
      }),
    );
  });

  it('pays profit at the selling side of the spread', () => {
    const outcome = settleContract({
      side: 'long',
      lots: 1n,
      openPrice: price('100'),
      margin: 10_000_000n,
      exposure: 100_000_000n,
      referencePrice: price('120'),
      reason: 'take_profit',
      terms: { ...terms, contractSize: 100_000_000n, spread: price('1'), closeFeePpm: 1_000n },
      moneyDivisor: usdt,
    });
    expect(outcome.closePrice).toBe(price('119'));
    expect(outcome.pnl).toBe(19_000_000n);
    expect(outcome.closeFee).toBe(119_000n);
    expect(outcome.returned).toBe(10_000_000n + 19_000_000n - 119_000n);
  });
});

describe('stops, caps and fees', () => {
  it('refuses a take-profit or stop-loss on the wrong side', () => {
    const base = { referencePrice: 100n, liquidationPrice: 50n, takeProfit: null, stopLoss: null };
    expect(checkStops({ ...base, side: 'long', takeProfit: 90n })).toBe('take_profit_wrong_side');
    expect(checkStops({ ...base, side: 'long', stopLoss: 110n })).toBe('stop_loss_wrong_side');
    expect(checkStops({ ...base, side: 'long', stopLoss: 40n })).toBe('stop_loss_beyond_liquidation');
    expect(checkStops({ ...base, side: 'long', takeProfit: 120n, stopLoss: 60n })).toBeNull();
    expect(checkStops({ ...base, side: 'short', liquidationPrice: 150n, takeProfit: 120n })).toBe(
      'take_profit_wrong_side',
    );
  });

  it('caps open interest from the pool and charges overnight fees within the margin', () => {
    const cap = openInterestCap(1_000_000_000n, 200_000n);
    expect(cap).toBe(200_000_000n);
    expect(fitsOpenInterest({ openNotional: 150_000_000n, addNotional: 50_000_000n, cap })).toBe(true);
    expect(fitsOpenInterest({ openNotional: 150_000_000n, addNotional: 50_000_001n, cap })).toBe(false);
    expect(openInterestCap(-5n, 200_000n)).toBe(0n);
    expect(overnightFee(1_000_000_000n, 300n, 10n)).toBe(10n);
    expect(overnightFee(1_000_000_000n, 300n, 1_000_000n)).toBe(300_000n);
    expect(riskRatePpm(100n, -50n)).toBe(500_000n);
    expect(parseMultiples('10, 1,5,5,x,0')).toEqual([1, 5, 10]);
    expect(priceUnits('1.5')).toBe(150_000_000n);
    expect(priceUnits('-1')).toBeNull();
  });

  it('reaches the maximum payout at the maximum-profit price', () => {
    const terms50 = { ...terms, maxMovePpm: 500_000n };
    const quote = quoteOpen({
      side: 'short',
      price: price('200'),
      lots: 3n,
      multiple: 10n,
      terms: terms50,
      moneyDivisor: usdt,
    });
    const at = maxProfitPrice({
      side: 'short',
      openPrice: price('200'),
      lots: 3n,
      exposure: quote.exposure,
      terms: terms50,
      moneyDivisor: usdt,
    });
    const outcome = settleContract({
      side: 'short',
      lots: 3n,
      openPrice: price('200'),
      margin: quote.margin,
      exposure: quote.exposure,
      referencePrice: at > 0n ? at : 1n,
      reason: 'max_profit',
      terms: terms50,
      moneyDivisor: usdt,
    });
    expect(outcome.poolToUser).toBe(quote.exposure);
  });
});

describe('stock sessions', () => {
  const hours = parseSessionHours('09:30-16:00 America/New_York Mon-Fri');
  it('is open on a weekday afternoon in New York and closed on Thanksgiving', () => {
    expect(sessionState(hours, Date.parse('2026-11-25T15:00:00Z')).open).toBe(true);
    const thanksgiving = sessionState(hours, Date.parse('2026-11-26T15:00:00Z'));
    expect(thanksgiving.open).toBe(false);
    expect(thanksgiving.nextOpen).toBe(Date.parse('2026-11-27T14:30:00Z'));
    const saturday = sessionState(hours, Date.parse('2026-11-28T15:00:00Z'));
    expect(saturday.nextOpen).toBe(Date.parse('2026-11-30T14:30:00Z'));
    expect(sessionState(null, 0)).toEqual({ open: true, nextOpen: null });
  });
});

describe('receipts', () => {
  it('recomputes a close and an overnight fee from the stored inputs alone', () => {
    const inputs = closeReceiptInputs({
      side: 'long',
      lots: 2n,
      openPrice: price('95010'),
      margin: 190_020_000n,
      exposure: 1_900_200_000n,
      referencePrice: price('96000'),
      tickId: '42',
      reason: 'take_profit',
      terms,
      moneyScale: 6,
    });
    expect(recomputeContractReceipt('take_profit', inputs)).toEqual({
      close_price: '95990',
      profit: '19.6',
      close_fee: '0.9599',
      liquidation_fee: '0',
      pool_to_user: '19.6',
      user_to_pool: '0',
      insurance_to_pool: '0',
      returned: '208.6601',
    });
    expect(() => recomputeContractReceipt('close', inputs)).toThrow();
    const overnight = overnightReceiptInputs({
      day: '2026-11-26',
      notional: 1_900_200_000n,
      overnightPpm: 300n,
      marginBefore: 190_020_000n,
      moneyScale: 6,
    });
    expect(recomputeContractReceipt('overnight', overnight)).toEqual({
      fee: '0.57006',
      margin_after: '189.44994',
    });
  });
});
