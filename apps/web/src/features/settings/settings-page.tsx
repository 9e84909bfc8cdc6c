import { localeNames } from '@fairex/contract';
import { Dialog } from 'antd-mobile';
import {
  BankcardOutline,
  BillOutline,
  CheckShieldOutline,
  ContentOutline,
  GlobalOutline,
  InformationCircleOutline,
  KeyOutline,
  MessageOutline,
  PayCircleOutline,
  QuestionCircleOutline,
  ScanCodeOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { useFiatRates } from '../../lib/fiat-rates';
import { currencyName, formatDate } from '../../lib/format';
import { appRoutes } from '../../lib/navigation';
import { logout, useSignedInUser } from '../../lib/session';
import { useAppStore } from '../../lib/stores/app-store';
import { useFiatStore } from '../../lib/stores/fiat-store';
import { showToast } from '../../lib/toast';
import { InviteCard } from './components/invite-card';
import { MineHeader, VerificationPill } from './components/mine-header';
import { FiatSheet } from './fiat-sheet';
import { LanguageSheet } from './language-sheet';
import { ButtonRow, LinkRow, SettingsGroup, StaticRow } from './settings-rows';
import './settings.css';
import './mine.css';

/** Spec section 1: app version 3.0 (version code 80). */
const appVersion = '3.0';

const minePaths = {
  security: '/pages/setting/security',
  verification: '/pages/setting/real',
  bill: '/pages/setting/bill',
  walletAddresses: '/pages/setting/wallet',
  bankCard: '/pages/setting/bank',
  bankCardInternational: '/pages/setting/bank_international',
} as const;

type OpenSheet = 'language' | 'fiat' | null;

/** Where the rates come from: live, or the server's bundled table and its date. */
function RatesNote({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const { isPending, isError } = useFiatRates();
  const source = useFiatStore((state) => state.source);
  const asOf = useFiatStore((state) => state.asOf);
  let text: string;
  if (source !== null && asOf !== null) {
    const date = formatDate(asOf, lang);
    text =
      source === 'bundled'
        ? t('settings:fiat.ratesBundled', { date })
        : t('settings:fiat.ratesLive', { date });
  } else if (isPending) {
    text = t('settings:fiat.ratesLoading');
  } else {
    text = t('settings:fiat.ratesUnavailable');
  }
  return (
    <p
      className={`settings-note${source === 'bundled' ? ' is-offline' : ''}${isError ? ' is-error' : ''}`}
      data-testid={testId}
      data-source={source ?? 'none'}
    >
      {text}
    </p>
  );
}

/** Log out, after a confirmation (spec section 2). */
function LogoutButton() {
  const { t } = useTranslation();
  const confirmLogout = async () => {
    const confirmed = await Dialog.confirm({
      title: t('settings:logout.title'),
      content: t('settings:logout.body'),
      confirmText: <span data-testid="logout-confirm">{t('settings:logout.confirm')}</span>,
      cancelText: <span data-testid="logout-cancel">{t('settings:logout.cancel')}</span>,
    });
    if (!confirmed) return;
    await logout();
    showToast(t('settings:logout.done'));
  };
  return (
    <button type="button" className="mine-logout" onClick={confirmLogout} data-testid="mine-logout">
      {t('settings:logout.button')}
    </button>
  );
}

/**
 * Mine and settings (/pages/setting/setting). Signed in: profile header, invitation card, security
 * and verification; signed out: the "Log in / Sign up" row. Then language and default fiat as
 * bottom sheets, help pages, version, and log out.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const { token, user } = useSignedInUser();
  const fiat = useFiatStore((state) => state.fiat);
  const rate = useFiatStore((state) => state.rate);
  const [sheet, setSheet] = useState<OpenSheet>(null);
  const close = () => setSheet(null);

  return (
    <div className="settings">
      <PageHeader title={t('settings:title')} back />
      <div className="page-body">
        {token === null && (
          <LinkRow
            to={appRoutes.login}
            testId="mine-login"
            icon={<UserOutline />}
            label={<span className="settings-login-label">{t('settings:account.login')}</span>}
          />
        )}

        {token !== null && user === null && (
          <div className="skeleton mine-header-skeleton" aria-busy="true" />
        )}

        {token !== null && user !== null && (
          <>
            <MineHeader user={user} />
            <InviteCard fallbackCode={user.invitation_code} />
            <SettingsGroup title={t('settings:account.group')}>
              <LinkRow
                to={minePaths.security}
                testId="mine-security"
                icon={<KeyOutline />}
                label={t('settings:account.security')}
              />
              <LinkRow
                to={minePaths.verification}
                testId="mine-verification"
                icon={<CheckShieldOutline />}
                label={t('settings:account.verification')}
                value={<VerificationPill level={user.verification_level} />}
              />
            </SettingsGroup>
            <SettingsGroup title={t('settings:funds.group')}>
              <LinkRow
                to={minePaths.bill}
                testId="mine-bill"
                icon={<BillOutline />}
                label={t('settings:funds.bill')}
              />
              <LinkRow
                to={minePaths.walletAddresses}
                testId="mine-wallet-addresses"
                icon={<ScanCodeOutline />}
                label={t('settings:funds.walletAddresses')}
              />
              <LinkRow
                to={minePaths.bankCard}
                testId="mine-bank-card"
                icon={<BankcardOutline />}
                label={t('settings:funds.bankCard')}
              />
              <LinkRow
                to={minePaths.bankCardInternational}
                testId="mine-bank-card-international"
                icon={<BankcardOutline />}
                label={t('settings:funds.bankCardInternational')}
              />
            </SettingsGroup>
          </>
        )}

        <SettingsGroup title={t('settings:preferences')}>
          <ButtonRow
            testId="setting-language"
            icon={<GlobalOutline />}
            label={t('settings:language.label')}
            value={localeNames[lang]}
            onClick={() => setSheet('language')}
          />
          <ButtonRow
            testId="setting-fiat"
            icon={<PayCircleOutline />}
            label={t('settings:fiat.label')}
            value={
              <span className="settings-fiat-value">
                <span data-testid="current-fiat" data-rate={rate}>
                  {fiat}
                </span>
                <span className="settings-fiat-name">{currencyName(fiat, lang)}</span>
              </span>
            }
            onClick={() => setSheet('fiat')}
          />
          <div className="settings-note-row">
            {fiat !== 'USD' && <p className="settings-note">{t('settings:fiat.rate', { rate, fiat })}</p>}
            <RatesNote testId="fiat-rates-note" />
          </div>
        </SettingsGroup>

        <SettingsGroup title={t('settings:help')}>
          <LinkRow to={appRoutes.faq} icon={<QuestionCircleOutline />} label={t('settings:links.faq')} />
          <LinkRow
            to={appRoutes.aboutUs}
            icon={<InformationCircleOutline />}
            label={t('settings:links.about')}
          />
          <LinkRow to={appRoutes.contactUs} icon={<MessageOutline />} label={t('settings:links.contact')} />
          <LinkRow
            to={appRoutes.compliance}
            icon={<ContentOutline />}
            label={t('settings:links.compliance')}
          />
        </SettingsGroup>

        <SettingsGroup>
          <StaticRow label={t('settings:version')} value={appVersion} />
        </SettingsGroup>

        {token !== null && <LogoutButton />}
      </div>

      <LanguageSheet visible={sheet === 'language'} current={lang} onClose={close} />
      <FiatSheet visible={sheet === 'fiat'} onClose={close} note={<RatesNote />} />
    </div>
  );
}
