/**
 * Withdrawals: saved addresses, bank cards, requests, the withdrawal log and staff decisions.
 * (Filled in by issue 4.)
 */
export {};
