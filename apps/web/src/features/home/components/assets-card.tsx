import { EyeInvisibleOutline, RightOutline } from 'antd-mobile-icons';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appRoutes } from '../../../lib/navigation';
import { useAppStore } from '../../../lib/stores/app-store';
import { useFiatStore } from '../../../lib/stores/fiat-store';

/** The signed-in total loads in its own chunk (Home's JavaScript budget has no room for it). */
const AssetsTotal = lazy(() => import('./assets-total').then((module) => ({ default: module.AssetsTotal })));

/** Total assets in the chosen fiat when signed in; a visitor is invited to log in. */
export function AssetsCard() {
  const { t } = useTranslation();
  const fiat = useFiatStore((state) => state.fiat);
  const signedIn = useAppStore((state) => state.token) !== null;
  if (signedIn) {
    return (
      <Suspense fallback={<section className="assets-card skeleton" aria-busy="true" />}>
        <AssetsTotal />
      </Suspense>
    );
  }
  return (
    <section className="assets-card" data-testid="home-assets-login">
      <div className="assets-card-label">
        <span>{t('home:assets.title', { fiat })}</span>
        <EyeInvisibleOutline fontSize={14} />
      </div>
      <div className="assets-card-value">
        <span className="assets-card-mask" aria-hidden="true">
          ******
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
