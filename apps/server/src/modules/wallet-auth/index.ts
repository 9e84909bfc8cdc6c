/**
 * The wallet sign-in module's public surface: GET /user/walletNonce and POST /user/walletLogin
 * (Sign-In with Ethereum). Accounts and sessions come from the accounts module.
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import { type WalletAuthModuleDeps, walletAuthRoutes } from './wallet-auth.routes';

export const walletAuthManifest = {
  name: 'wallet-auth',
  localeNamespace: 'walletAuth',
} as const satisfies ModuleManifest;

export function createWalletAuthModule(deps: WalletAuthModuleDeps): AppModule {
  return { ...walletAuthManifest, routes: walletAuthRoutes(deps) };
}
