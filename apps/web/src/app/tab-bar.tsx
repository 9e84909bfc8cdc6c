import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { TabIcon } from './tab-icons';
import { tabForPath, tabs } from './tabs';
import './tab-bar.css';

/** The bottom navigation; labels come from i18n so a language change relabels them at once. */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = tabForPath(pathname);
  return (
    <nav className="tab-bar fx-fixed-column" data-testid="tab-bar" aria-label={t('common:tabs.label')}>
      {tabs.map((tab) => {
        const active = tab.key === current;
        return (
          <Link
            key={tab.key}
            to={tab.path}
            replace={current !== null}
            className={`tab-bar-item${active ? ' is-active' : ''}`}
            aria-current={active ? 'page' : undefined}
            data-testid={`tab-${tab.key}`}
          >
            <TabIcon tab={tab.key} active={active} />
            <span className="tab-bar-label">{t(tab.labelKey)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
