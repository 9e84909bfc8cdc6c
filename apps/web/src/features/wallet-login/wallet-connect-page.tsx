import type { WalletName } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { CheckOutline, CloseOutline } from 'antd-mobile-icons';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { appRoutes } from '../../lib/navigation';
import { startSession } from '../../lib/session';
import { useAppStore } from '../../lib/stores/app-store';
import { fetchWalletNonce, postWalletLogin, walletConnectProjectIdQuery } from './api/wallet-api';
import { CopyLink } from './components/copy-link';
import { PairingPanel } from './components/pairing-panel';
import { WalletIcon } from './components/wallet-icon';
import { WalletSteps } from './components/wallet-steps';
import { discoverProviders } from './provider-discovery';
import { inAppBrowserLink, isWalletName, walletDescriptor } from './wallet-catalogue';
import {
  decideProvider,
  failureMessage,
  initialWalletFlowState,
  isRetryable,
  progressMessage,
  safeRedirect,
  type WalletFailure,
  walletFlowReducer,
} from './wallet-flow';
import { runWalletLogin } from './wallet-login-flow';
import { type Eip1193Provider, isMobileUserAgent } from './wallet-provider';
import { readLoginOptions, selectPath } from './wallet-routes';
import { startWalletConnect } from './walletconnect/walletconnect-attempt';
import './wallet.css';

/** How long "Connected" stays on screen before the page moves on. */
const connectedPauseMs = 900;

function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** Extra help under a failure: install link, or the link to open inside the wallet app. */
function FailureHelp({ failure }: { failure: WalletFailure }) {
  const { t } = useTranslation();
  if (failure.kind === 'not-installed') {
    const wallet = walletDescriptor(failure.wallet);
    return wallet.downloadUrl ? (
      <a
        className="fx-button is-secondary is-block"
        href={wallet.downloadUrl}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('wallet:connect.getWallet', { wallet: wallet.label })}
      </a>
    ) : null;
  }
  if (failure.kind === 'open-in-wallet') {
    const pageUrl = window.location.href;
    return (
      <div className="wallet-help">
        <CopyLink url={pageUrl} />
        <a className="fx-button is-secondary is-block" href={inAppBrowserLink(failure.wallet, pageUrl)}>
          {t('wallet:connect.openInApp', { wallet: walletDescriptor(failure.wallet).label })}
        </a>
      </div>
    );
  }
  return null;
}

/**
 * /pages/common/wallet-connect?wallet=<name>: finds the wallet, asks for its account, signs the
 * server's EIP-4361 message and logs in (spec sections 4 and 8), showing connecting, connected,
 * failed and retry.
 */
export function WalletConnectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const walletParam = params.get('wallet');
  const wallet = isWalletName(walletParam) ? walletParam : null;
  const options = readLoginOptions(params);
  const destination = safeRedirect(options.redirect, appRoutes.home);
  const [state, dispatch] = useReducer(walletFlowReducer, initialWalletFlowState);
  const walletConnect = useQuery({ ...walletConnectProjectIdQuery(), enabled: wallet === 'walletconnect' });
  const walletConnectReady = wallet !== 'walletconnect' || !walletConnect.isPending;
  const walletConnectProjectId = walletConnect.data ?? null;
  const siteName = useAppStore((store) => store.site_name);
  const [pairingUri, setPairingUri] = useState<string | null>(null);

  // One run per attempt, also under StrictMode's double effects; results land only while mounted.
  const startedAttempt = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const attempt = state.kind === 'connecting' ? state.attempt : 0;
  useEffect(() => {
    if (attempt === 0 || startedAttempt.current === attempt || !walletConnectReady) {
      return;
    }
    startedAttempt.current = attempt;
    const run = async () => {
      const candidates = wallet !== null && wallet !== 'walletconnect' ? await discoverProviders() : [];
      const decision = decideProvider({
        wallet,
        walletConnectProjectId,
        candidates,
        mobile: isMobileUserAgent(navigator.userAgent),
      });
      if (decision.kind === 'fail') {
        dispatch({ type: 'failed', failure: decision.failure });
        return;
      }
      let login: { provider: Eip1193Provider; wallet: WalletName; close?: () => Promise<void> };
      if (decision.kind === 'walletconnect') {
        dispatch({ type: 'step', step: 'accounts' });
        setPairingUri(null);
        // The session names the sign-in chain, which the server's nonce states (SIWE_CHAIN_ID).
        const chain = await fetchWalletNonce().catch(() => null);
        if (chain === null) {
          dispatch({ type: 'failed', failure: { kind: 'connection-failed' } });
          return;
        }
        const started = await startWalletConnect({
          projectId: decision.projectId,
          chainId: chain.chain_id,
          app: { name: siteName, url: window.location.origin, icon: `${window.location.origin}/logo.svg` },
          onUri: (uri) => {
            if (mounted.current) setPairingUri(uri);
          },
        });
        if (started.kind === 'failed') {
          dispatch({ type: 'failed', failure: started.failure });
          return;
        }
        login = { provider: started.pairing.provider, wallet: 'walletconnect', close: started.pairing.close };
      } else {
        login = { provider: decision.provider, wallet: decision.wallet };
      }
      const result = await runWalletLogin({
        provider: login.provider,
        wallet: login.wallet,
        stay: options.stay,
        fetchNonce: fetchWalletNonce,
        login: postWalletLogin,
        onStep: (step) => dispatch({ type: 'step', step }),
      });
      // The session served the sign-in only: nothing else talks to the wallet afterwards.
      void login.close?.();
      if (result.kind === 'failed') {
        dispatch({ type: 'failed', failure: result.failure });
        return;
      }
      // The token is stored even when the profile fails to load; it loads on the next launch.
      await startSession(result.token).catch(() => undefined);
      dispatch({ type: 'connected', address: result.address });
      setTimeout(() => {
        if (mounted.current) navigate(destination, { replace: true });
      }, connectedPauseMs);
    };
    void run();
  }, [
    attempt,
    walletConnectReady,
    wallet,
    walletConnectProjectId,
    siteName,
    options.stay,
    destination,
    navigate,
  ]);

  const label = wallet === null ? t('wallet:connect.unknownWallet') : walletDescriptor(wallet).label;
  let title: string;
  let message: string;
  if (state.kind === 'connecting') {
    title = t('wallet:connect.connectingTitle', { wallet: label });
    message = t(progressMessage(state.step));
  } else if (state.kind === 'connected') {
    title = t('wallet:connect.connectedTitle');
    message = t('wallet:connect.connectedBody', { address: shortAddress(state.address) });
  } else {
    title = t('wallet:connect.failedTitle');
    const reason = failureMessage(state.failure);
    message = 'key' in reason ? t(reason.key) : reason.text;
  }

  return (
    <div className="wallet-page">
      <PageHeader title={t('wallet:connect.header')} back />
      <div className="page-body wallet-connect">
        <section
          className={`wallet-state is-${state.kind}`}
          data-testid="wallet-state"
          data-state={state.kind}
          data-attempt={state.attempt}
          aria-live="polite"
        >
          <div className="wallet-state-art">
            <svg className="wallet-state-ring" viewBox="0 0 100 100" aria-hidden="true">
              <circle cx="50" cy="50" r="46" />
            </svg>
            {wallet !== null ? (
              <span className="wallet-state-icon">
                <WalletIcon wallet={wallet} size={56} />
              </span>
            ) : (
              <span className="wallet-state-unknown" aria-hidden="true">
                ?
              </span>
            )}
            {state.kind === 'connected' && (
              <span className="wallet-state-mark is-ok" aria-hidden="true">
                <CheckOutline />
              </span>
            )}
            {state.kind === 'failed' && (
              <span className="wallet-state-mark is-error" aria-hidden="true">
                <CloseOutline />
              </span>
            )}
          </div>
          <h2 className="wallet-state-title">{title}</h2>
          <p
            className="wallet-state-message"
            data-testid="wallet-message"
            role={state.kind === 'failed' ? 'alert' : undefined}
          >
            {message}
          </p>
        </section>

        {wallet === 'walletconnect' && state.kind === 'connecting' && state.step === 'accounts' && (
          <PairingPanel uri={pairingUri} />
        )}

        {wallet !== null && <WalletSteps state={state} />}

        {state.kind === 'failed' && (
          <div className="wallet-actions">
            {isRetryable(state.failure) && (
              <button
                type="button"
                className="fx-button is-block"
                data-testid="wallet-retry"
                onClick={() => dispatch({ type: 'retry' })}
              >
                {t('wallet:connect.retry')}
              </button>
            )}
            <FailureHelp failure={state.failure} />
            <Link
              className="fx-button is-secondary is-block"
              to={selectPath(options)}
              replace
              data-testid="wallet-choose-another"
            >
              {t('wallet:connect.chooseAnother')}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
