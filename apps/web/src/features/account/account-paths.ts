/** Routes of this feature and its neighbours (spec section 2). */
export const accountPaths = {
  login: '/pages/common/login',
  register: '/pages/common/register',
  area: '/pages/common/area',
  forget: '/pages/common/forget',
  walletSelect: '/pages/common/wallet-select',
  userInfo: '/pages/setting/userInfo',
  security: '/pages/setting/security',
  password: '/pages/setting/password',
  payPassword: '/pages/setting/payPassword',
} as const;
