export { type AmountRefusal, type AmountResult, amountWholeDigitsMax, parseAmount } from './amount';
export {
  compareDecimal,
  compareDecimalValues,
  type Decimal,
  type DecimalError,
  type DecimalResult,
  decimalFromScaled,
  decimalScaleMax,
  decimalTextLengthMax,
  formatDecimal,
  fromScaledBigint,
  normalizeDecimal,
  parseDecimal,
  roundDecimalHalfUp,
  roundHalfUp,
  type ScaledDecimal,
  stripTrailingZeros,
  toScaledBigint,
} from './decimal';
export {
  amountDecimalsDefault,
  compactPlainDecimals,
  compactUnitDecimals,
  type DecimalInput,
  type FormatAmountOptions,
  formatAmount,
  formatCompact,
  groupThousands,
  invalidNumberPlaceholder,
  type NumberSeparators,
} from './format-number';
export { assertNever, InvariantError, invariant } from './invariant';
export {
  accountKindName,
  type EntryKind,
  entryKinds,
  type FixedSystemAccountName,
  isEntryKind,
  isPoolAccountName,
  type PoolAccountName,
  type SystemAccountName,
  systemAccountNames,
  type UserAccountKind,
  type UserAccountKindName,
  userAccountKindIds,
  userAccountKindNames,
  userAccountKinds,
} from './ledger-kinds';
export { OrderBook } from './matching/order-book';
export type {
  DepthLevel,
  DoneReason,
  MatchSide,
  MatchSink,
  OrderBookApi,
  PlaceCommand,
  RejectReason,
  RestingOrder,
  TimeInForce,
} from './matching/order-book.types';
export {
  directionColor,
  type PriceDirection,
  priceDirection,
  priceDownColor,
  priceUpColor,
  priceZeroColor,
} from './price-direction';
export {
  dateAgeMinMs,
  justNowAgeMaxMs,
  millisecondTimestampMin,
  type RelativeTime,
  type RelativeTimeOptions,
  relativeTime,
  timeZoneOffsetMaxMinutes,
  toMilliseconds,
} from './relative-time';
