import { useQuery } from '@tanstack/react-query';
import { Switch } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { appRoutes } from '../../lib/navigation';
import { walletConnectProjectIdQuery } from './api/wallet-api';
import { WalletIcon } from './components/wallet-icon';
import { useProviderCandidates } from './use-provider-candidates';
import { type WalletDescriptor, walletCatalogue } from './wallet-catalogue';
import { detectedWallets } from './wallet-provider';
import { connectPath, readLoginOptions } from './wallet-routes';
import './wallet.css';

type RowProps = {
  wallet: WalletDescriptor;
  detail: string | null;
  detected: boolean;
  /** Where the row leads; null renders it disabled. */
  to: string | null;
};

function WalletRow({ wallet, detail, detected, to }: RowProps) {
  const { t } = useTranslation();
  const content = (
    <>
      <WalletIcon wallet={wallet.name} size={40} />
      <span className="wallet-row-text">
        <span className="wallet-row-label">{wallet.label}</span>
        {detail && <span className="wallet-row-detail">{detail}</span>}
      </span>
      {detected && <span className="wallet-badge">{t('wallet:select.detected')}</span>}
      {to !== null && <RightOutline className="wallet-row-chevron" fontSize={14} />}
    </>
  );
  const testId = `wallet-option-${wallet.name}`;
  if (to === null) {
    return (
      <div className="wallet-row is-disabled" aria-disabled="true" data-testid={testId} data-detected="false">
        {content}
      </div>
    );
  }
  return (
    <Link className="wallet-row" to={to} data-testid={testId} data-detected={String(detected)}>
      {content}
    </Link>
  );
}

/** /pages/common/wallet-select: the wallet login dialog's list of the six wallets (spec section 1). */
export function WalletSelectPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [stay, setStay] = useState(() => readLoginOptions(params).stay);
  const options = { stay, redirect: readLoginOptions(params).redirect };
  const candidates = useProviderCandidates();
  const detected = candidates === null ? new Set<string>() : detectedWallets(candidates);
  const walletConnect = useQuery(walletConnectProjectIdQuery());

  const walletConnectDetail = (): string => {
    if (walletConnect.isPending) return t('wallet:select.checking');
    return walletConnect.data
      ? t('wallet:select.walletConnectHint')
      : t('wallet:select.walletConnectUnavailable');
  };

  return (
    <div className="wallet-page">
      <PageHeader title={t('wallet:select.header')} back />
      <div className="page-body">
        <h2 className="wallet-title">{t('wallet:select.title')}</h2>
        <p className="wallet-intro">{t('wallet:select.intro')}</p>
        <nav className="wallet-list" aria-label={t('wallet:select.listLabel')} data-testid="wallet-list">
          {walletCatalogue.map((wallet) => {
            if (wallet.name === 'walletconnect') {
              const usable = walletConnect.isSuccess && walletConnect.data !== null;
              return (
                <WalletRow
                  key={wallet.name}
                  wallet={wallet}
                  detail={walletConnectDetail()}
                  detected={false}
                  to={usable ? connectPath(wallet.name, options) : null}
                />
              );
            }
            return (
              <WalletRow
                key={wallet.name}
                wallet={wallet}
                detail={null}
                detected={detected.has(wallet.name)}
                to={connectPath(wallet.name, options)}
              />
            );
          })}
        </nav>
        <div className="wallet-stay">
          <span className="wallet-stay-text">
            <span className="wallet-stay-label">{t('wallet:select.stay')}</span>
            <span className="wallet-stay-hint">{t('wallet:select.stayHint')}</span>
          </span>
          <Switch
            checked={stay}
            onChange={setStay}
            data-testid="wallet-stay"
            aria-label={t('wallet:select.stay')}
          />
        </div>
        <p className="wallet-note">{t('wallet:select.note')}</p>
        <Link className="wallet-other-login" to={appRoutes.login}>
          {t('wallet:select.otherLogin')}
        </Link>
      </div>
    </div>
  );
}
