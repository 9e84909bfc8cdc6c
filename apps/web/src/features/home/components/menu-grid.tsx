import type { MenuItem } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { featureForKey, humaniseName, isFeatureIconName } from '../../../lib/feature-catalogue';
import { assetUrl } from '../../../lib/format';
import { useAppStore } from '../../../lib/stores/app-store';
import { menuQuery } from '../api/home-queries';

const skeletonItems = 10;

/** The icon set is its own chunk, fetched alongside /menu, so Home's entry stays small. */
const FeatureIcon = lazy(() =>
  import('../../../components/ui/feature-icon').then((module) => ({ default: module.FeatureIcon })),
);

function isImageIcon(icon: string): boolean {
  return /[/.]/.test(icon);
}

function MenuIcon({ item }: { item: MenuItem }) {
  if (isImageIcon(item.icon)) {
    const source = assetUrl(item.icon);
    return source ? <img className="menu-icon-image" src={source} alt="" width={24} height={24} /> : null;
  }
  const named = isFeatureIconName(item.icon) ? item.icon : (featureForKey(item.key)?.icon ?? 'generic');
  return (
    <Suspense fallback={null}>
      <FeatureIcon name={named} />
    </Suspense>
  );
}

/** The shortcut grid from GET /menu; unshipped features are dimmed, badged, and still open a page. */
export function MenuGrid() {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const navigate = useNavigate();
  const { data: items = [], isPending } = useQuery(menuQuery(lang));

  if (isPending) {
    return (
      <div className="menu-grid" data-testid="home-menu" aria-busy="true">
        {Array.from({ length: skeletonItems }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={index} className="skeleton is-raised menu-item-skeleton" />
        ))}
      </div>
    );
  }
  if (items.length === 0) {
    return null;
  }

  const open = (item: MenuItem) => {
    if (/^https?:\/\//.test(item.route)) {
      window.open(item.route, '_blank', 'noopener,noreferrer');
      return;
    }
    const route = item.route.startsWith('/') ? item.route : `/${item.route}`;
    navigate(route, { state: { featureKey: item.key } });
  };

  return (
    <nav className="menu-grid" data-testid="home-menu" aria-label={t('home:menu.label')}>
      {items.map((item) => {
        const feature = featureForKey(item.key);
        const label = feature ? t(feature.labelKey) : humaniseName(item.key);
        return (
          <button
            key={item.key}
            type="button"
            className={`menu-item${item.available ? '' : ' is-unavailable'}`}
            data-testid={`menu-${item.key}`}
            data-available={item.available}
            onClick={() => open(item)}
          >
            <span className="menu-icon">
              <MenuIcon item={item} />
              {!item.available && <span className="menu-soon">{t('common:comingSoon.badge')}</span>}
            </span>
            <span className="menu-label">{label}</span>
          </button>
        );
      })}
    </nav>
  );
}
