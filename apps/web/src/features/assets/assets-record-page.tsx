import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CoinIcon } from '../../components/ui/coin-icon';
import { PageHeader } from '../../components/ui/page-header';
import { useFiatDisplay } from '../../lib/fiat-display';
import { walletDetailQuery } from '../../lib/queries/wallet-queries';
import { useRequireSession } from '../../lib/require-session';
import { assetsPaths, transferPath } from './assets-paths';
import { defaultAccountKind, displayAmount, fiatFigure, isAccountKind } from './assets-rules';
import { BillList } from './components/bill-list';
import { hiddenAmount, useAmountsHidden } from './hooks/use-assets-prefs';
import './assets.css';
import { LoginFirst } from '../../components/ui/login-first';

/** /pages/fund/assets_record?currency=&type=: one account's figures and its own bill. */
export function AssetsRecordPage() {
  const { t } = useTranslation();
  const allowed = useRequireSession();
  const [params] = useSearchParams();
  const currency = Number(params.get('currency'));
  const requested = params.get('type');
  const type = isAccountKind(requested) ? requested : defaultAccountKind;
  const valid = Number.isSafeInteger(currency) && currency > 0;
  const detail = useQuery({ ...walletDetailQuery(currency, type), enabled: allowed && valid });
  const fiat = useFiatDisplay();
  const hidden = useAmountsHidden((state) => state.hidden);
  const account = detail.data ?? null;
  const mask = (text: string) => (hidden ? hiddenAmount : text);
  const fiatValue = account?.usdt_value ? fiatFigure(account.usdt_value, fiat.rate) : null;

  return (
    <div className="fund-page">
      <PageHeader
        back
        title={account ? `${account.currency} · ${t(`assets:kinds.${type}`)}` : t('assets:record.title')}
      />
      {!allowed && <LoginFirst />}
      {allowed && (
        <div className="fund-body">
          {!valid ? (
            <div className="fund-empty">
              <p className="fund-empty-title">{t('assets:record.unknown')}</p>
              <Link className="fx-button is-secondary" to={assetsPaths.assets}>
                {t('assets:record.backToAssets')}
              </Link>
            </div>
          ) : (
            <>
              <section className="fund-account" data-testid="record-account">
                <div className="fund-account-head">
                  {account ? (
                    <CoinIcon code={account.currency} image={account.image} size={40} />
                  ) : (
                    <span className="coin-icon is-letter" />
                  )}
                  <div className="fund-account-name">
                    <b>{account?.currency ?? '--'}</b>
                    <small>{t(`assets:kinds.${type}`)}</small>
                  </div>
                </div>
                <div className="fund-account-balance">
                  <span>{t('assets:figures.balance')}</span>
                  <b data-testid="record-balance">{account ? mask(displayAmount(account.balance)) : '--'}</b>
                  <small>
                    {fiatValue === null ? '' : mask(`≈ ${fiat.symbol}${displayAmount(fiatValue)}`)}
                  </small>
                </div>
                <dl className="fund-account-figures">
                  <div>
                    <dt>{t('assets:figures.available')}</dt>
                    <dd data-testid="record-available">
                      {account ? mask(displayAmount(account.available)) : '--'}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('assets:figures.frozen')}</dt>
                    <dd>{account ? mask(displayAmount(account.frozen)) : '--'}</dd>
                  </div>
                  <div>
                    <dt>{t('assets:figures.equivalent', { code: 'USDT' })}</dt>
                    <dd>{account?.usdt_value ? mask(displayAmount(account.usdt_value)) : '--'}</dd>
                  </div>
                </dl>
                <div className="fund-account-actions">
                  {type === 'change' && (
                    <Link className="fx-button is-secondary" to={assetsPaths.deposit}>
                      {t('assets:actions.deposit')}
                    </Link>
                  )}
                  {type === 'change' && (
                    <Link className="fx-button is-secondary" to={assetsPaths.withdraw}>
                      {t('assets:actions.withdraw')}
                    </Link>
                  )}
                  <Link
                    className="fx-button"
                    to={transferPath({ currency, from: type })}
                    data-testid="record-transfer"
                  >
                    {t('assets:actions.transfer')}
                  </Link>
                </div>
              </section>
              <h2 className="fund-section-title">{t('assets:record.history')}</h2>
              <BillList filter={{ currency, type }} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
