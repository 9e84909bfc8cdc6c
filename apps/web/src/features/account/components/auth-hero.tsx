import type { ReactNode } from 'react';
import { assetUrl } from '../../../lib/format';
import { useAppStore } from '../../../lib/stores/app-store';

const fallbackLogo = '/logo.svg';

/** The operator's logo and name above a sign-in form, with the screen's title. */
export function AuthHero({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  const siteName = useAppStore((state) => state.site_name);
  const logo = assetUrl(useAppStore((state) => state.logo)) ?? fallbackLogo;
  return (
    <div className="auth-hero">
      <div className="auth-brand">
        <img
          className="auth-logo"
          src={logo}
          alt=""
          width={36}
          height={36}
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(fallbackLogo)) event.currentTarget.src = fallbackLogo;
          }}
        />
        <span className="auth-site-name">{siteName}</span>
      </div>
      <h2 className="auth-title">{title}</h2>
      {subtitle && <p className="auth-subtitle">{subtitle}</p>}
    </div>
  );
}
