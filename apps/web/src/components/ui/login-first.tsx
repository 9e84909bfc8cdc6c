import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appRoutes } from '../../lib/navigation';
import { ComingSoonState } from './coming-soon-state';

/**
 * What a page that needs an account shows a visitor (spec section 6): "Please log in first",
 * while useRequireSession moves on to login after 1200 ms; a button goes there at once.
 */
export function LoginFirst() {
  const { t } = useTranslation();
  return (
    <ComingSoonState
      icon={<LockOutline />}
      title={t('common:auth.loginRequired')}
      body={t('account:loginFirst.redirecting')}
      testId="login-first"
    >
      <Link className="fx-button" to={appRoutes.login} replace>
        {t('common:actions.login')}
      </Link>
    </ComingSoonState>
  );
}
