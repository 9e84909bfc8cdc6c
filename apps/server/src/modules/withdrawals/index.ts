/**
 * Withdrawals' public surface: the routes (requests held in the ledger, cancellation, the log,
 * the finance team's queue and decisions, payouts through an outbox), the ledger checks they
 * contribute (5: held = pending; 6: once; 8: 24-hour limits), and the payout gateway port.
 */
export { withdrawalChecks } from './withdrawals.checks';
/** @public */
export { createHttpPayoutGateway, type PayoutGateway, type PayoutOrder } from './withdrawals.payouts';
export { setWithdrawalLimit, withdrawalLimitsByLevel } from './withdrawals.repository';
export { withdrawalsRoutes } from './withdrawals.routes';
