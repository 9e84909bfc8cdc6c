/**
 * Deposits' public surface: the routes (operator deposit addresses, users' voucher submissions,
 * the deposit log, finance staff decisions) and their contribution to the ledger checks
 * (reliability.md check 6: a voucher credits once).
 */
export { depositChecks } from './deposits.checks';
export { depositsRoutes } from './deposits.routes';
