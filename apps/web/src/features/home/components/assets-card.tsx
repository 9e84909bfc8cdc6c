import { EyeInvisibleOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appRoutes } from '../../../lib/navigation';
import { useFiatStore } from '../../../lib/stores/fiat-store';

/** Total assets in the chosen fiat; until accounts arrive it invites the visitor to log in. */
export function AssetsCard() {
  const { t } = useTranslation();
  const fiat = useFiatStore((state) => state.fiat);
  return (
    <section className="assets-card">
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
