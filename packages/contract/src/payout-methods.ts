/**
 * Payout methods: the user's saved withdrawal addresses and bank cards (domestic, international).
 * (Filled in by issue 4.)
 */
export {};
