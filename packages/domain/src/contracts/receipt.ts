/**
 * A settlement's receipt: the inputs as decimal strings, and the outcome recomputed from them by
 * the one pure function the server settles with (settleContract / overnightFee). The server stores
 * both; the web recomputes the outcome from the inputs and shows whether it matches.
 */
import { fromScaledBigintTrimmed, toScaledBigint } from '../decimal';
import {
  type ContractCloseReason,
  type ContractSide,
  type ContractTerms,
  contractMoneyDivisor,
  contractPriceScale,
  overnightFee,
  settleContract,
} from './contracts';

export type ReceiptFields = Readonly<Record<string, string>>;

function units(text: string | undefined, scale: number): bigint {
  const parsed = toScaledBigint(text ?? '', scale);
  if (!parsed.ok) throw new RangeError(`receipt field is not a decimal: ${text}`);
  return parsed.value;
}

const closeReasons: readonly ContractCloseReason[] = [
  'close',
  'take_profit',
  'stop_loss',
  'liquidation',
  'max_profit',
];

/** The inputs of a close, as stored on its receipt. */
export function closeReceiptInputs(params: {
  readonly side: ContractSide;
  readonly lots: bigint;
  readonly openPrice: bigint;
  readonly margin: bigint;
  readonly exposure: bigint;
  readonly referencePrice: bigint;
  readonly tickId: string;
  readonly reason: ContractCloseReason;
  readonly terms: ContractTerms;
  readonly moneyScale: number;
}): ReceiptFields {
  const price = (value: bigint) => fromScaledBigintTrimmed(value, contractPriceScale);
  const money = (value: bigint) => fromScaledBigintTrimmed(value, params.moneyScale);
  return {
    reason: params.reason,
    side: params.side,
    lots: params.lots.toString(),
    open_price: price(params.openPrice),
    margin: money(params.margin),
    max_payout: money(params.exposure),
    reference_price: price(params.referencePrice),
    tick_id: params.tickId,
    contract_size: price(params.terms.contractSize),
    spread: price(params.terms.spread),
    close_fee_ppm: params.terms.closeFeePpm.toString(),
    liquidation_fee_ppm: params.terms.liquidationFeePpm.toString(),
    money_scale: String(params.moneyScale),
  };
}

/** The inputs of a day's overnight fee. */
export function overnightReceiptInputs(params: {
  readonly day: string;
  readonly notional: bigint;
  readonly overnightPpm: bigint;
  readonly marginBefore: bigint;
  readonly moneyScale: number;
}): ReceiptFields {
  const money = (value: bigint) => fromScaledBigintTrimmed(value, params.moneyScale);
  return {
    day: params.day,
    notional: money(params.notional),
    overnight_ppm: params.overnightPpm.toString(),
    margin_before: money(params.marginBefore),
    money_scale: String(params.moneyScale),
  };
}

/** The outcome of a receipt, recomputed from its inputs alone. */
export function recomputeContractReceipt(kind: string, inputs: ReceiptFields): ReceiptFields {
  const moneyScale = Number(inputs.money_scale);
  if (!Number.isInteger(moneyScale) || moneyScale < 0 || moneyScale > 16) throw new RangeError('money_scale');
  const money = (value: bigint) => fromScaledBigintTrimmed(value, moneyScale);
  if (kind === 'overnight') {
    const marginBefore = units(inputs.margin_before, moneyScale);
    const fee = overnightFee(
      units(inputs.notional, moneyScale),
      BigInt(inputs.overnight_ppm ?? '0'),
      marginBefore,
    );
    return { fee: money(fee), margin_after: money(marginBefore - fee) };
  }
  const reason = closeReasons.find((candidate) => candidate === inputs.reason);
  if (!reason || reason !== kind) throw new RangeError('reason');
  const side: ContractSide = inputs.side === 'short' ? 'short' : 'long';
  const price = (text: string | undefined) => units(text, contractPriceScale);
  const terms: ContractTerms = {
    contractSize: price(inputs.contract_size),
    spread: price(inputs.spread),
    openFeePpm: 0n,
    closeFeePpm: BigInt(inputs.close_fee_ppm ?? '0'),
    overnightPpm: 0n,
    maintenancePpm: 0n,
    liquidationFeePpm: BigInt(inputs.liquidation_fee_ppm ?? '0'),
    maxMovePpm: 0n,
  };
  const outcome = settleContract({
    side,
    lots: BigInt(inputs.lots ?? '0'),
    openPrice: price(inputs.open_price),
    margin: units(inputs.margin, moneyScale),
    exposure: units(inputs.max_payout, moneyScale),
    referencePrice: price(inputs.reference_price),
    reason,
    terms,
    moneyDivisor: contractMoneyDivisor(moneyScale),
  });
  return {
    close_price: fromScaledBigintTrimmed(outcome.closePrice, contractPriceScale),
    profit: money(outcome.pnl),
    close_fee: money(outcome.closeFee),
    liquidation_fee: money(outcome.liquidationFee),
    pool_to_user: money(outcome.poolToUser),
    user_to_pool: money(outcome.userToPool),
    insurance_to_pool: money(outcome.insuranceToPool),
    returned: money(outcome.returned),
  };
}
