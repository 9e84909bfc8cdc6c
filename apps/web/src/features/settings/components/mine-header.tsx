import type { UserInfo } from '@fairex/contract';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { verificationBadge } from './verification-badge';

const userInfoPath = '/pages/setting/userInfo';

const badgeKeys = {
  unverified: 'settings:verification.unverified',
  basic: 'settings:verification.basic',
  advanced: 'settings:verification.advanced',
} as const;

export function VerificationPill({ level }: { level: number }) {
  const { t } = useTranslation();
  const badge = verificationBadge(level);
  return (
    <span className={`verify-pill${badge.verified ? ' is-verified' : ''}`} data-level={level}>
      {t(badgeKeys[badge.key])}
    </span>
  );
}

/** Avatar, nickname, account and verification; opens personal info. */
export function MineHeader({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const name = user.nickname || user.account;
  return (
    <Link
      to={userInfoPath}
      className="mine-header"
      data-testid="mine-header"
      aria-label={t('settings:profile.open')}
    >
      <UserAvatar avatar={user.avatar} name={name} size={58} />
      <span className="mine-header-text">
        <span className="mine-nickname" data-testid="mine-nickname">
          {name}
        </span>
        <span className="mine-account">{user.email ?? user.account}</span>
        <span className="mine-badges">
          <VerificationPill level={user.verification_level} />
          <span className="mine-uid">{t('settings:profile.uid', { id: user.id })}</span>
        </span>
      </span>
      <RightOutline className="mine-header-chevron" fontSize={16} />
    </Link>
  );
}
