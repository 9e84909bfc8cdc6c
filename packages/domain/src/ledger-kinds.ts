/**
 * The ledger's vocabulary, one source for the server, the wire contract and the clients: the
 * kinds of user account (spec section 3), the kinds of journal entry a bill can show, and the
 * named system accounts. A product module adds its kinds here and declares, in its manifest on
 * the server, which of them it books; a test holds the two together.
 */

/** The user account kinds of spec section 3, by wire name and id (1 legal ... 4 micro). */
export const userAccountKinds = { legal: 1, change: 2, lever: 3, micro: 4 } as const;
export type UserAccountKindName = keyof typeof userAccountKinds;
export type UserAccountKind = (typeof userAccountKinds)[UserAccountKindName];
export const userAccountKindNames = Object.keys(userAccountKinds) as [
  UserAccountKindName,
  ...UserAccountKindName[],
];
export const userAccountKindIds = Object.values(userAccountKinds) as [UserAccountKind, ...UserAccountKind[]];

/** The name of an account kind id, or null for an id no kind has. */
export function accountKindName(kind: number): UserAccountKindName | null {
  return userAccountKindNames.find((name) => userAccountKinds[name] === kind) ?? null;
}

/** What a bill line says an entry was; closed so the clients can name each one in ten languages. */
export const entryKinds = [
  'deposit',
  'withdrawal',
  'withdrawal_fee',
  'transfer',
  'demo_funds',
  'adjustment',
  'trade',
  'trade_fee',
  'exchange',
  'ieo_mint',
  'ieo_purchase',
  'ieo_allocation',
  'ieo_listing',
  'contract_fee',
  'contract_pnl',
  'contract_overnight',
  'contract_liquidation',
  'contract_pool_funding',
  'option_win',
  'option_loss',
  'option_pool_funding',
  'mining_dividend',
  'mining_penalty',
  'mining_reserve_fund',
  'dual_principal',
  'dual_payout',
  'dual_reserve_fund',
  'nft_purchase',
  'nft_fee',
  'nft_royalty',
  'nft_deposit',
  'nft_deposit_release',
  'nft_deposit_forfeit',
] as const;
export type EntryKind = (typeof entryKinds)[number];

/**
 * The entry kinds that mean a user traded (an invitee "who traded" has one): spot fills and quick
 * exchanges; each product that lands adds the kinds its trades book.
 */
export const tradingEntryKinds: readonly EntryKind[] = [
  'trade',
  'exchange',
  'contract_fee',
  'option_win',
  'option_loss',
];

export function isEntryKind(value: string | null | undefined): value is EntryKind {
  return entryKinds.some((kind) => kind === value);
}

/**
 * Named system accounts, one per currency. Only these may go below zero: deposit clearing is the
 * money held outside the platform (negative as users are credited), the demo faucet pays test
 * funds, `house` funds the market maker and every product's pool or reserve; `token_supply` is
 * where a launched token's issuance is minted from (minus everything issued on the platform).
 */
export const systemAccountNames = [
  'deposit_clearing',
  'withdrawal_clearing',
  'fees',
  'house',
  'insurance',
  'rounding',
  'demo_faucet',
  'adjustments',
  'token_supply',
  'nft_escrow',
  'nft_sales',
  'nft_royalties',
] as const;
export type FixedSystemAccountName = (typeof systemAccountNames)[number];

/**
 * A product's funded account (pool or reserve), e.g. `pool:options` or `pool:mining:12`: funded
 * from `house` by a recorded entry, it pays the product's users and takes what they lose. Unlike
 * other system accounts it may never go below zero nor below what its open business reserves
 * (holds on it), and a reservation beyond its cap is refused: the house never pays from thin air.
 */
export type PoolAccountName = `pool:${string}`;
export type SystemAccountName = FixedSystemAccountName | PoolAccountName;

const poolNamePattern = /^pool:[a-z0-9_]+(:[a-z0-9_]+)*$/;

export function isPoolAccountName(name: string): name is PoolAccountName {
  return poolNamePattern.test(name);
}
