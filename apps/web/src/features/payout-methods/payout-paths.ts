/** Where the payout-method screens link to (spec section 2). */
export const payoutPaths = {
  addresses: '/pages/setting/wallet',
  addAddress: '/pages/setting/addWallet',
} as const;

export const payPasswordPath = '/pages/setting/payPassword';
