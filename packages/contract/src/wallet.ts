/**
 * Wallet: currencies, the user's accounts per kind, transfers between them, and bills.
 * (Filled in by issue 4.)
 */
export {};
