import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Spec section 4: email or phone must be bound before verification. */
export const securityRoute = '/pages/setting/security';

export function BindFirstNotice() {
  const { t } = useTranslation();
  return (
    <section className="real-notice" data-testid="real-bind-first">
      <span className="real-notice-icon" aria-hidden="true">
        <LockOutline />
      </span>
      <div className="real-notice-text">
        <h2 className="real-notice-title">{t('verification:bindFirst.title')}</h2>
        <p className="real-notice-body">{t('verification:bindFirst.body')}</p>
        <Link className="fx-button real-notice-action" to={securityRoute} data-testid="real-bind-first-link">
          {t('verification:bindFirst.action')}
        </Link>
      </div>
    </section>
  );
}
