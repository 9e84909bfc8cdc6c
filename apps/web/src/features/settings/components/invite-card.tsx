import { useQuery } from '@tanstack/react-query';
import { FileOutline, LinkOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { showToast } from '../../../lib/toast';
import { inviteQuery } from '../api/invite-query';
import { invitationLink } from '../invite-link';
import { InviteQr } from './invite-qr';

function Stat({ label, value, testId }: { label: ReactNode; value: ReactNode; testId: string }) {
  return (
    <div className="invite-stat">
      <span className="invite-stat-value" data-testid={testId}>
        {value}
      </span>
      <span className="invite-stat-label">{label}</span>
    </div>
  );
}

/** Invite friends: counts from GET /user/invite, the code to copy and the link as a QR code. */
export function InviteCard({ fallbackCode }: { fallbackCode: string }) {
  const { t } = useTranslation();
  const invite = useQuery(inviteQuery());
  const code = invite.data?.invitation_code || fallbackCode;
  const link = invitationLink(window.location.origin, code);
  const placeholder = invite.isPending ? '…' : '0';
  const copy = async (text: string) => {
    showToast((await copyText(text)) ? t('settings:invite.copied') : t('settings:invite.copyFailed'));
  };
  return (
    <section className="invite-card" aria-labelledby="invite-title">
      <div className="invite-head">
        <h2 id="invite-title" className="invite-title">
          {t('settings:invite.title')}
        </h2>
        <p className="invite-subtitle">{t('settings:invite.subtitle')}</p>
      </div>
      <div className="invite-stats">
        <Stat
          label={t('settings:invite.invited')}
          value={invite.data?.invite_count ?? placeholder}
          testId="mine-invite-count"
        />
        <Stat
          label={t('settings:invite.traded')}
          value={invite.data?.traded_count ?? placeholder}
          testId="mine-traded-count"
        />
        <Stat
          label={t('settings:invite.rebate')}
          value={invite.data?.rebate ?? placeholder}
          testId="mine-rebate"
        />
      </div>
      <div className="invite-share">
        <div className="invite-share-text">
          <span className="invite-code-label">{t('settings:invite.code')}</span>
          <span className="invite-code-row">
            <span className="invite-code" data-testid="mine-invite-code">
              {code}
            </span>
            <button
              type="button"
              className="invite-copy"
              onClick={() => copy(code)}
              aria-label={t('settings:invite.copyCode')}
              data-testid="mine-invite-copy"
            >
              <FileOutline fontSize={16} />
            </button>
          </span>
          <button
            type="button"
            className="invite-link-button"
            onClick={() => copy(link)}
            data-testid="mine-invite-link"
          >
            <LinkOutline fontSize={16} />
            {t('settings:invite.copyLink')}
          </button>
        </div>
        {code && <InviteQr link={link} />}
      </div>
    </section>
  );
}
