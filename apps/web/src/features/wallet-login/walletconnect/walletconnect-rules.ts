/**
 * The pure parts of a WalletConnect sign-in: what the session asks for, and how the two EIP-1193
 * calls of the login flow map onto a paired session. Kept apart from the SDK so they are tested
 * without it, and so the page imports no SDK code until WalletConnect is chosen.
 */

/** The CAIP-2 id of an EVM chain: "eip155:1". */
function caipChain(chainId: number): string {
  return `eip155:${chainId}`;
}

/** The session the dapp proposes: the sign-in chain, and personal_sign to sign the message. */
export function walletConnectNamespaces(chainId: number) {
  return {
    eip155: {
      chains: [caipChain(chainId)],
      methods: ['personal_sign'],
      events: ['accountsChanged', 'chainChanged'],
    },
  };
}

/** What walletConnectRequest needs of a session: its accounts ("eip155:1:0xabc…"). */
type PairedSession = { readonly namespaces: Record<string, { readonly accounts: readonly string[] }> };

/** The addresses a session grants on `chainId`, in the wallet's order. */
export function sessionAddresses(session: PairedSession, chainId: number): string[] {
  const prefix = `${caipChain(chainId)}:`;
  return (session.namespaces.eip155?.accounts ?? [])
    .filter((account) => account.startsWith(prefix))
    .map((account) => account.slice(prefix.length));
}

type RequestArgs = { method: string; params?: readonly unknown[] | object };

/**
 * EIP-1193 requests over a paired session: accounts come from the session itself (the pairing
 * already asked the wallet); everything else goes to the wallet on the sign-in chain.
 */
export async function walletConnectRequest(
  args: RequestArgs,
  context: {
    session: PairedSession;
    chainId: number;
    send: (request: RequestArgs, chain: string) => Promise<unknown>;
  },
): Promise<unknown> {
  if (args.method === 'eth_requestAccounts' || args.method === 'eth_accounts') {
    return sessionAddresses(context.session, context.chainId);
  }
  return context.send(args, caipChain(context.chainId));
}
