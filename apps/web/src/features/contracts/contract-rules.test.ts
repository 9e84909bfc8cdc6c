import type { ContractInstrument, ContractReceipt } from '@fairex/contract';
import { closeReceiptInputs, recomputeContractReceipt } from '@fairex/domain';
import { describe, expect, it } from 'vitest';
import { previewOpen, receiptVerified, shown, tone } from './contract-rules';

const instrument = {
  currency_id: 121,
  legal_id: 3,
  symbol: 'BTC-PERP',
  kind: 'perpetual',
  lever_share_num: '0.001',
  lever_trade_fee: '0.05',
  close_fee: '0.05',
  spread: '9.5',
  multiples: [1, 10, 100],
  overnight_fee: '0.03',
  overnight_time: '00:00',
  maintenance: '0.5',
  liquidation_fee: '0.2',
  max_profit: '100',
  side_cap: '20',
  max_tick_age: 30,
  reference: { price: '95000', tick_id: '1', time: 0 },
  fresh: true,
  session: { open: true, next_open: null, hours: null },
  long: { used: '0', cap: '400000' },
  short: { used: '0', cap: '400000' },
} satisfies ContractInstrument;

describe('the contract screen rules', () => {
  it('previews margin, fee and liquidation price as the server sizes them', () => {
    const preview = previewOpen({ instrument, side: 'long', lots: '2', multiple: 10, limitPrice: null });
    expect(preview).toEqual({
      openPrice: '95009.5',
      notional: '190.019',
      margin: '19.0019',
      fee: '0.09501',
      liquidationPrice: '85993.0975',
    });
    expect(previewOpen({ instrument, side: 'long', lots: '1.5', multiple: 10, limitPrice: null })).toBeNull();
  });

  it('verifies a receipt by recomputing it, and notices a changed outcome', () => {
    const inputs = closeReceiptInputs({
      side: 'short',
      lots: 1n,
      openPrice: 9_500_000_000_000n,
      margin: 9_500_000n,
      exposure: 95_000_000n,
      referencePrice: 9_400_000_000_000n,
      tickId: '7',
      reason: 'close',
      terms: {
        contractSize: 100_000n,
        spread: 950_000_000n,
        openFeePpm: 500n,
        closeFeePpm: 500n,
        overnightPpm: 300n,
        maintenancePpm: 5_000n,
        liquidationFeePpm: 2_000n,
        maxMovePpm: 1_000_000n,
      },
      moneyScale: 6,
    });
    const receipt: ContractReceipt = {
      id: '1',
      position_id: '1',
      kind: 'close',
      day: null,
      tick_id: '7',
      inputs,
      outcome: recomputeContractReceipt('close', inputs),
      settled_at: 0,
    };
    expect(receiptVerified(receipt)).toBe(true);
    expect(receiptVerified({ ...receipt, outcome: { ...receipt.outcome, returned: '1000' } })).toBe(false);
    expect(shown('12.3456', 2)).toBe('12.34');
    expect(tone('-0.5')).toBe('down');
    expect(tone('0')).toBe('zero');
  });
});
