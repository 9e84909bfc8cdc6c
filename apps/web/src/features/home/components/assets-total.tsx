import { useQuery } from '@tanstack/react-query';
import { EyeInvisibleOutline, EyeOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFiatDisplay } from '../../../lib/fiat-display';
import { fiatFigure, formatPrice } from '../../../lib/market/fiat-price';
import { appRoutes } from '../../../lib/navigation';
import { walletListQuery } from '../../../lib/queries/wallet-queries';
import { hiddenAmount, useAmountsHidden } from '../../../lib/stores/amounts-hidden-store';
import { useAppStore } from '../../../lib/stores/app-store';
import { useFiatStore } from '../../../lib/stores/fiat-store';

/** Home's Total assets card: the signed-in user's total, or a visitor's invitation to log in. */
export function AssetsCardBody() {
  const signedIn = useAppStore((state) => state.token) !== null;
  return signedIn ? <AssetsTotal /> : <LoginCard />;
}

function LoginCard() {
  const { t } = useTranslation();
  const fiat = useFiatStore((state) => state.fiat);
  return (
    <section className="assets-card" data-testid="home-assets-login">
      <div className="assets-card-label">
        <span>{t('home:assets.title', { fiat })}</span>
        <EyeInvisibleOutline fontSize={14} />
      </div>
      <div className="assets-card-value">
        <span className="assets-card-mask" aria-hidden="true">
          {hiddenAmount}
        </span>
        <span className="visually-hidden">{t('home:assets.hidden')}</span>
      </div>
      <div className="assets-card-footer">
        <span className="assets-card-prompt">{t('home:assets.loginPrompt')}</span>
        <Link className="fx-button assets-card-login" to={appRoutes.login}>
          {t('common:actions.login')}
          <RightOutline fontSize={12} />
        </Link>
      </div>
    </section>
  );
}

/**
 * Home's total for a signed-in user: every account's USDT equivalent in the chosen fiat, with the
 * hide-amounts eye the Assets screens share. Its own chunk: Home's entry only decides to load it.
 */
function AssetsTotal() {
  const { t } = useTranslation();
  const fiat = useFiatDisplay();
  const list = useQuery(walletListQuery());
  const hidden = useAmountsHidden((state) => state.hidden);
  const toggleHidden = useAmountsHidden((state) => state.toggleHidden);
  const data = list.data ?? null;
  const total = data ? fiatFigure(data.total_usdt, fiat.rate) : null;
  return (
    <section className="assets-card" data-testid="home-assets">
      <div className="assets-card-label">
        <span>{t('home:assets.title', { fiat: fiat.code })}</span>
        <button
          type="button"
          className="assets-card-eye"
          onClick={toggleHidden}
          aria-pressed={hidden}
          aria-label={t(hidden ? 'home:assets.show' : 'home:assets.hide')}
          data-testid="home-assets-eye"
        >
          {hidden ? <EyeInvisibleOutline fontSize={14} /> : <EyeOutline fontSize={14} />}
        </button>
      </div>
      <div className="assets-card-value" data-testid="home-assets-total">
        {hidden ? (
          <span className="assets-card-mask">{hiddenAmount}</span>
        ) : total !== null ? (
          <span className="assets-card-mask">
            {fiat.symbol}
            {formatPrice(total, 2)}
          </span>
        ) : list.isPending ? (
          <span className="skeleton assets-card-skeleton" aria-busy="true" />
        ) : (
          <span className="assets-card-mask">--</span>
        )}
      </div>
      <div className="assets-card-footer">
        <span className="assets-card-prompt">
          {data && !hidden ? `≈ ${formatPrice(data.total_usdt, 2)} USDT` : ''}
        </span>
        <Link className="fx-button assets-card-login" to={appRoutes.assets} data-testid="home-assets-open">
          {t('home:assets.open')}
          <RightOutline fontSize={12} />
        </Link>
      </div>
    </section>
  );
}
