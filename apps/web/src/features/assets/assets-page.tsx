import type { AccountKindName, WalletList } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import {
  BillOutline,
  EyeInvisibleOutline,
  EyeOutline,
  LoopOutline,
  ReceivePaymentOutline,
  UnorderedListOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePullTexts } from '../../components/ui/list-footer';
import { PageHeader } from '../../components/ui/page-header';
import { type FiatDisplay, useFiatDisplay } from '../../lib/fiat-display';
import { useFiatRates } from '../../lib/fiat-rates';
import { walletListQuery } from '../../lib/queries/wallet-queries';
import { useAppStore } from '../../lib/stores/app-store';
import { assetsPaths, transferPath } from './assets-paths';
import { displayAmount, fiatFigure, isAccountKind, isZero } from './assets-rules';
import { AssetRow } from './components/asset-row';
import { DemoFundsCard } from './components/demo-funds-button';
import { KindTabs } from './components/kind-tabs';
import { LoginPrompt } from './components/login-prompt';
import { hiddenAmount, useAmountsHidden, useAssetsPrefs } from './hooks/use-assets-prefs';
import './assets.css';

/** Assets tab (/pages/fund/assets): the total in the chosen fiat and every account per kind. */
export function AssetsPage() {
  const { t } = useTranslation();
  const token = useAppStore((state) => state.token);
  return (
    <div className="fund-page">
      <PageHeader
        title={t('common:tabs.assets')}
        right={
          token ? (
            <Link
              className="icon-button"
              to={assetsPaths.bill}
              aria-label={t('assets:bill.title')}
              data-testid="assets-bill-link"
            >
              <BillOutline fontSize={21} />
            </Link>
          ) : null
        }
      />
      {token ? <SignedInAssets /> : <LoginPrompt />}
    </div>
  );
}

function SignedInAssets() {
  const { t } = useTranslation();
  useFiatRates();
  const fiat = useFiatDisplay();
  const query = useQuery(walletListQuery());
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const kind: AccountKindName = isAccountKind(requested) ? requested : 'change';
  const pullTexts = usePullTexts();

  return (
    <PullToRefresh
      onRefresh={async () => {
        await query.refetch();
      }}
      {...pullTexts}
    >
      <div className="fund-body" data-testid="assets-page">
        <TotalCard list={query.data ?? null} pending={query.isPending} fiat={fiat} />
        <QuickActions />
        <DemoFundsCard />
        <KindTabs selected={kind} onSelect={(next) => setParams({ tab: next }, { replace: true })} />
        {query.isPending ? (
          <ul className="fund-rows" aria-busy="true">
            {[0, 1, 2].map((index) => (
              <li key={index} className="skeleton fund-row-skeleton" />
            ))}
          </ul>
        ) : query.isError || query.data === null || query.data === undefined ? (
          <div className="fund-empty" data-testid="assets-error">
            <p className="fund-empty-title">{t('assets:error')}</p>
            <button type="button" className="fx-button is-secondary" onClick={() => query.refetch()}>
              {t('assets:retry')}
            </button>
          </div>
        ) : (
          <KindPanel list={query.data} kind={kind} fiat={fiat} />
        )}
      </div>
    </PullToRefresh>
  );
}

function TotalCard({
  list,
  pending,
  fiat,
}: {
  list: WalletList | null;
  pending: boolean;
  fiat: FiatDisplay;
}) {
  const { t } = useTranslation();
  const hidden = useAmountsHidden((state) => state.hidden);
  const toggleHidden = useAmountsHidden((state) => state.toggleHidden);
  const demo = useAppStore((state) => state.demo);
  const total = list ? fiatFigure(list.total_usdt, fiat.rate) : null;
  return (
    <section className="fund-total" data-testid="assets-total">
      <div className="fund-total-label">
        <span>{t('assets:total.title', { fiat: fiat.code })}</span>
        <button
          type="button"
          className="fund-eye"
          onClick={toggleHidden}
          aria-pressed={hidden}
          aria-label={hidden ? t('assets:total.show') : t('assets:total.hide')}
          data-testid="assets-eye"
        >
          {hidden ? <EyeInvisibleOutline fontSize={16} /> : <EyeOutline fontSize={16} />}
        </button>
        {demo && <span className="fund-demo-badge">{t('assets:demo.badge')}</span>}
      </div>
      <div className="fund-total-value" data-testid="assets-total-value">
        {pending ? (
          <span className="skeleton is-raised fund-total-skeleton" aria-busy="true" />
        ) : hidden ? (
          hiddenAmount
        ) : total === null ? (
          '--'
        ) : (
          <>
            <span className="fund-total-symbol">{fiat.symbol}</span>
            {displayAmount(total)}
          </>
        )}
      </div>
      <div className="fund-total-sub">
        {list && !hidden ? `≈ ${displayAmount(list.total_usdt)} USDT` : hidden ? `${hiddenAmount} USDT` : ''}
      </div>
      {list && !list.complete && <p className="fund-note">{t('assets:total.incomplete')}</p>}
    </section>
  );
}

function QuickActions() {
  const { t } = useTranslation();
  const actions = [
    {
      to: assetsPaths.deposit,
      label: t('assets:actions.deposit'),
      icon: <ReceivePaymentOutline />,
      id: 'deposit',
    },
    {
      to: assetsPaths.withdraw,
      label: t('assets:actions.withdraw'),
      icon: <UploadOutline />,
      id: 'withdraw',
    },
    { to: transferPath(), label: t('assets:actions.transfer'), icon: <LoopOutline />, id: 'transfer' },
    {
      to: assetsPaths.allRecords,
      label: t('assets:actions.records'),
      icon: <UnorderedListOutline />,
      id: 'records',
    },
  ];
  return (
    <nav className="fund-actions" aria-label={t('assets:actions.label')}>
      {actions.map((action) => (
        <Link
          key={action.id}
          className="fund-action"
          to={action.to}
          data-testid={`assets-action-${action.id}`}
        >
          <span className="fund-action-icon" aria-hidden="true">
            {action.icon}
          </span>
          <span className="fund-action-label">{action.label}</span>
        </Link>
      ))}
    </nav>
  );
}

function KindPanel({ list, kind, fiat }: { list: WalletList; kind: AccountKindName; fiat: FiatDisplay }) {
  const { t } = useTranslation();
  const hidden = useAmountsHidden((state) => state.hidden);
  const hideZero = useAssetsPrefs((state) => state.hideZero);
  const setHideZero = useAssetsPrefs((state) => state.setHideZero);
  const summary = list[kind];
  const rows = useMemo(
    () => (hideZero ? summary.list.filter((row) => !isZero(row.balance)) : summary.list),
    [summary, hideZero],
  );
  const kindTotal = fiatFigure(summary.total_usdt, fiat.rate);
  return (
    <section className="fund-panel" role="tabpanel" data-testid={`assets-panel-${kind}`}>
      <div className="fund-panel-head">
        <div className="fund-panel-total">
          <span>{t('assets:kindTotal', { kind: t(`assets:kinds.${kind}`) })}</span>
          <b data-testid="assets-kind-total">
            {hidden ? hiddenAmount : kindTotal === null ? '--' : `${fiat.symbol}${displayAmount(kindTotal)}`}
          </b>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={hideZero}
          className="fund-zero-toggle"
          onClick={() => setHideZero(!hideZero)}
          data-testid="assets-hide-zero"
        >
          <span className={`fund-switch${hideZero ? ' is-on' : ''}`} aria-hidden="true" />
          <span>{t('assets:hideZero')}</span>
        </button>
      </div>
      {rows.length === 0 ? (
        <div className="fund-empty is-compact" data-testid="assets-empty">
          <p className="fund-empty-title">{t('assets:emptyKind')}</p>
          <Link className="fx-button is-secondary" to={transferPath({ from: 'change' })}>
            {t('assets:actions.transfer')}
          </Link>
        </div>
      ) : (
        <ul className="fund-rows">
          {rows.map((account) => (
            <AssetRow key={account.currency_id} account={account} fiat={fiat} hidden={hidden} />
          ))}
        </ul>
      )}
      <PricesNote list={list} />
    </section>
  );
}

/** The reference prices behind the equivalents, each citing its recorded tick. */
function PricesNote({ list }: { list: WalletList }) {
  const { t } = useTranslation();
  const priced = list.prices.filter((price) => price.tick_id !== null);
  if (priced.length === 0) return null;
  return (
    <p className="fund-prices" data-testid="assets-prices">
      {t('assets:prices', {
        list: priced
          .map((price) => `${price.currency} ${displayAmount(price.price)} (#${price.tick_id})`)
          .join(' · '),
      })}
    </p>
  );
}
