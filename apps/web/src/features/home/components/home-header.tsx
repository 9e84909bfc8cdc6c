import { SetOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { assetUrl } from '../../../lib/format';
import { appRoutes } from '../../../lib/navigation';
import { useAppStore } from '../../../lib/stores/app-store';
import { SocketIndicator } from './socket-indicator';

/** Served by the server from apps/web/public; used until the operator's logo loads or if it fails. */
const fallbackLogo = '/logo.svg';

export function HomeHeader() {
  const { t } = useTranslation();
  const siteName = useAppStore((state) => state.site_name);
  const logo = useAppStore((state) => state.logo);
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const configured = assetUrl(logo);
  const source = configured && configured !== failedLogo ? configured : fallbackLogo;
  return (
    <header className="home-header">
      <div className="home-brand">
        {source === failedLogo ? (
          <span className="home-logo home-logo-letter" data-testid="site-logo" aria-hidden="true">
            {siteName.charAt(0)}
          </span>
        ) : (
          <img
            className="home-logo"
            src={source}
            alt=""
            width={32}
            height={32}
            data-testid="site-logo"
            onError={() => setFailedLogo(source)}
          />
        )}
        <span className="home-site-name" data-testid="site-name">
          {siteName}
        </span>
        <SocketIndicator />
      </div>
      <Link
        to={appRoutes.settings}
        className="icon-button home-settings"
        data-testid="open-settings"
        aria-label={t('home:openSettings')}
        title={t('home:openSettings')}
      >
        <SetOutline fontSize={22} />
      </Link>
    </header>
  );
}
