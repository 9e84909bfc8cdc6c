import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appRoutes } from '../../../lib/navigation';

/** The Assets tab for a visitor: what they will see, and the way in. No request is made. */
export function LoginPrompt() {
  const { t } = useTranslation();
  return (
    <section className="fund-login" data-testid="assets-login">
      <div className="fund-login-card">
        <div className="fund-login-label">{t('assets:total.label')}</div>
        <div className="fund-login-mask" aria-hidden="true">
          ******
        </div>
        <div className="fund-login-kinds" aria-hidden="true">
          {(['change', 'lever', 'micro', 'legal'] as const).map((kind) => (
            <span key={kind}>{t(`assets:kinds.${kind}`)}</span>
          ))}
        </div>
      </div>
      <span className="fund-login-icon" aria-hidden="true">
        <LockOutline fontSize={26} />
      </span>
      <h2 className="fund-login-title">{t('assets:login.title')}</h2>
      <p className="fund-login-body">{t('assets:login.body')}</p>
      <div className="fund-login-actions">
        <Link className="fx-button is-block" to={appRoutes.login} data-testid="assets-login-button">
          {t('assets:login.login')}
        </Link>
        <Link className="fx-button is-secondary is-block" to="/pages/common/register">
          {t('assets:login.register')}
        </Link>
      </div>
    </section>
  );
}
