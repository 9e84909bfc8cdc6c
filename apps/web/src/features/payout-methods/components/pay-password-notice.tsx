import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { payPasswordPath } from '../payout-paths';

/** Shown instead of the password field when the user has none yet (GET /user/info has_pay_password). */
export function PayPasswordNotice() {
  const { t } = useTranslation();
  return (
    <div className="payout-notice" data-testid="payout-paypass-missing">
      <LockOutline className="payout-notice-icon" aria-hidden="true" />
      <div className="payout-notice-text">
        <p className="payout-notice-title">{t('payout:payPassword.missingTitle')}</p>
        <p className="payout-notice-body">{t('payout:payPassword.missingBody')}</p>
        <Link
          className="fx-button payout-notice-action"
          to={payPasswordPath}
          data-testid="payout-set-paypass"
        >
          {t('payout:payPassword.set')}
        </Link>
      </div>
    </div>
  );
}
