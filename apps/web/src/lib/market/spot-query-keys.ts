/**
 * TanStack Query keys of spot data, shared by the socket (which invalidates them on
 * `spot:order` and the wallet-changed event) and the trade and exchange screens. User data sits under
 * the session's root ('user', lib/session userQueryRoot): a logout drops it, a new session
 * refetches it. The wallet root is the assets screens' (features/assets walletQueryRoot).
 */
const userRoot = 'user';

export const spotQueryKeys = {
  markets: ['market', 'spot', 'markets'],
  depth: ['market', 'spot', 'depth'],
  trades: ['market', 'spot', 'trades'],
  orders: [userRoot, 'spot', 'orders'],
  exchange: [userRoot, 'exchange'],
  walletRoot: [userRoot, 'wallet'],
  /** The withdrawal form shows the available balance too. */
  withdrawInfo: [userRoot, 'withdraw', 'info'],
  /** Everything of the signed-in user (a verification decided: level, limits, state). */
  userData: [userRoot],
} as const;

/** Every query whose figures a balance change makes stale. */
export const balanceQueryKeys = [
  spotQueryKeys.walletRoot,
  spotQueryKeys.exchange,
  spotQueryKeys.withdrawInfo,
];
