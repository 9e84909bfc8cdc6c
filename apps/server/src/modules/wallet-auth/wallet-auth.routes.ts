import { userWalletLoginRoute, userWalletNonceRoute } from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { contractRoutes } from '../../platform/http/contract-route';
import { siweExpectationFor } from './wallet-auth.domain';
import { createWalletAuthService } from './wallet-auth.service';

/** What the wallet sign-in routes need from the app; AppDeps satisfies it. */
export type WalletAuthModuleDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly config: { readonly publicUrl: string; readonly siweChainId: number };
};

const tags = ['wallet sign-in'];

/** Sign-In with Ethereum (EIP-4361): a server nonce, then a signed message for a session. */
export function walletAuthRoutes(deps: WalletAuthModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, { tags });
    const walletAuth = createWalletAuthService({
      db: deps.db,
      clock: deps.clock,
      expectation: siweExpectationFor(deps.config.publicUrl, deps.config.siweChainId),
    });

    route.get(
      userWalletNonceRoute,
      {
        summary: 'A single-use nonce (10 minutes) and the domain, URI, chain and times the message must name',
        description:
          'The wallet signs an EIP-4361 message built from these pieces (`Nonce`, `URI`, `Chain ID`, ' +
          '`Issued At`, `Expiration Time`, the domain before "wants you to sign in", the statement) ' +
          'and the client posts it to /user/walletLogin.',
      },
      async () => await walletAuth.issueNonce(),
    );

    route.post(
      userWalletLoginRoute,
      {
        summary: 'Sign in with a signed EIP-4361 message; replies the session token',
        description:
          'The message must be exactly this site’s: domain, URI and chain id as /user/walletNonce ' +
          'gave them, within its Not Before and Expiration Time, signed by `address` (an externally ' +
          'owned account), carrying a nonce this server issued and nobody has used. The first ' +
          'sign-in of an address creates its account (`extension_code`: invitation code).',
      },
      async (request) => {
        const body = request.body;
        const token = await walletAuth.login({
          address: body.address,
          signature: body.signature,
          message: body.message,
          invitationCode: body.extension_code || undefined,
          stayLoggedIn: body.stay ?? false,
          clientAddress: request.ip,
        });
        return token;
      },
    );
  };
}
