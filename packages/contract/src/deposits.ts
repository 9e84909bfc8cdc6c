/**
 * Deposits: deposit addresses, vouchers, the deposit log and staff decisions.
 * (Filled in by issue 4.)
 */
export {};
