/**
 * The wallet sign-in module's public surface: GET /user/walletNonce and POST /user/walletLogin
 * (Sign-In with Ethereum). Accounts and sessions come from the accounts module.
 */
export { walletAuthRoutes } from './wallet-auth.routes';
