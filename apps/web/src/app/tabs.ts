import { appRoutes } from '../lib/navigation';
import type { TranslationKey } from '../lib/translation-key';

export type TabKey = 'home' | 'markets' | 'trade' | 'finance' | 'assets';

export type Tab = { key: TabKey; path: string; labelKey: TranslationKey };

/** The five bottom tabs in the spec's order (section 2). */
export const tabs: readonly Tab[] = [
  { key: 'home', path: appRoutes.home, labelKey: 'common:tabs.home' },
  { key: 'markets', path: appRoutes.markets, labelKey: 'common:tabs.markets' },
  { key: 'trade', path: appRoutes.trade, labelKey: 'common:tabs.trade' },
  { key: 'finance', path: appRoutes.finance, labelKey: 'common:tabs.finance' },
  { key: 'assets', path: appRoutes.assets, labelKey: 'common:tabs.assets' },
];

/** The tab a path belongs to; `/` is Home. */
export function tabForPath(path: string): TabKey | null {
  if (path === '/' || path === '') {
    return 'home';
  }
  return tabs.find((tab) => tab.path === path)?.key ?? null;
}
