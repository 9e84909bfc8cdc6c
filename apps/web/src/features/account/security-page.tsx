import type { UserInfo } from '@fairex/contract';
import { CheckCircleFill, KeyOutline, LockOutline, MailOutline, PhoneFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { SignedInOnly } from '../../components/ui/signed-in-only';
import { formatMobile, maskEmail } from './account-format';
import { accountPaths } from './account-paths';
import { AccountButtonRow, AccountLinkRow } from './components/account-rows';
import { BindEmailSheet } from './components/bind-email-sheet';
import { BindMobileSheet } from './components/bind-mobile-sheet';
import './account.css';

function BoundValue({ text }: { text: string }) {
  return (
    <span className="bound-value">
      <CheckCircleFill className="bound-value-icon" fontSize={14} />
      {text}
    </span>
  );
}

function SecurityContent({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<'email' | 'mobile' | null>(null);
  const close = () => setSheet(null);
  const notBound = <span className="unset-value">{t('account:security.notBound')}</span>;
  return (
    <div className="account-body">
      <section className="account-card">
        <AccountLinkRow
          to={accountPaths.password}
          testId="security-password"
          icon={<LockOutline />}
          label={t('account:security.loginPassword')}
          detail={t('account:security.loginPasswordDetail')}
          value={user.has_password ? t('account:security.change') : t('account:security.notSet')}
        />
        <AccountLinkRow
          to={accountPaths.payPassword}
          testId="security-paypass"
          icon={<KeyOutline />}
          label={t('account:security.payPassword')}
          detail={t('account:security.payPasswordDetail')}
          value={
            user.has_pay_password ? (
              <BoundValue text={t('account:security.set')} />
            ) : (
              <span className="unset-value">{t('account:security.notSet')}</span>
            )
          }
        />
      </section>
      <section className="account-card">
        <AccountButtonRow
          testId="security-bind-email"
          icon={<MailOutline />}
          label={t('account:security.email')}
          detail={t('account:security.emailDetail')}
          value={user.email ? <BoundValue text={maskEmail(user.email)} /> : notBound}
          onClick={user.email ? undefined : () => setSheet('email')}
        />
        <AccountButtonRow
          testId="security-bind-mobile"
          icon={<PhoneFill />}
          label={t('account:security.mobile')}
          detail={t('account:security.mobileDetail')}
          value={
            user.mobile ? <BoundValue text={formatMobile(user.mobile, user.area_code, true)} /> : notBound
          }
          onClick={user.mobile ? undefined : () => setSheet('mobile')}
        />
      </section>
      <section className="account-note-card" data-testid="security-stay">
        <h2 className="account-note-title">{t('account:security.stayTitle')}</h2>
        <p className="account-note-body">{t('account:security.stayBody')}</p>
      </section>
      <BindEmailSheet visible={sheet === 'email'} onClose={close} />
      <BindMobileSheet visible={sheet === 'mobile'} onClose={close} />
    </div>
  );
}

/** /pages/setting/security: passwords, bound e-mail and phone, and what "stay logged in" means. */
export function SecurityPage() {
  const { t } = useTranslation();
  return (
    <div className="account-page">
      <PageHeader title={t('account:security.header')} back />
      <SignedInOnly>{(user) => <SecurityContent user={user} />}</SignedInOnly>
    </div>
  );
}
