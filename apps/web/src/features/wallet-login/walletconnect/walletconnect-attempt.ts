import type { WalletFailure } from '../wallet-flow';
import { isUserRejection } from '../wallet-flow';
import {
  pairWalletConnect,
  type WalletConnectOptions,
  type WalletConnectPairing,
} from './walletconnect-session';

/**
 * How long the relay may take to give a pairing URI. Past it the relay is unreachable (no
 * network, a firewall); the wait for the wallet's approval after the URI is shown is not bounded
 * here (the proposal expires on its own).
 */
const relayDeadlineMs = 15_000;

/** WalletConnect's "user rejected" (the wallet declined the session or the signature). */
const walletConnectRejectedCode = 5000;

type WalletConnectStart =
  | { kind: 'paired'; pairing: WalletConnectPairing }
  | { kind: 'failed'; failure: WalletFailure };

/**
 * Loads the SDK (its own file, only now), pairs through the relay and waits for the wallet.
 * Never throws: an unreachable relay, a declined session or a failed chunk become failures.
 */
export async function startWalletConnect(
  options: WalletConnectOptions & { deadlineMs?: number },
): Promise<WalletConnectStart> {
  let uriShown = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unreachable = new Promise<'unreachable'>((resolve) => {
    timer = setTimeout(() => {
      if (!uriShown) resolve('unreachable');
    }, options.deadlineMs ?? relayDeadlineMs);
  });
  try {
    const pairing = pairWalletConnect({
      ...options,
      onUri: (uri) => {
        uriShown = true;
        options.onUri(uri);
      },
    });
    const outcome = await Promise.race([pairing, unreachable]);
    if (outcome === 'unreachable') {
      // The SDK keeps retrying in the background; its session, if one ever comes, is closed.
      void pairing.then((late) => late.close()).catch(() => undefined);
      return { kind: 'failed', failure: { kind: 'walletconnect-unreachable' } };
    }
    return { kind: 'paired', pairing: outcome };
  } catch (error) {
    const rejected =
      isUserRejection(error) ||
      (typeof error === 'object' &&
        error !== null &&
        (error as { code?: unknown }).code === walletConnectRejectedCode);
    if (rejected) return { kind: 'failed', failure: { kind: 'rejected' } };
    return {
      kind: 'failed',
      failure: uriShown ? { kind: 'connection-failed' } : { kind: 'walletconnect-unreachable' },
    };
  } finally {
    clearTimeout(timer);
  }
}
