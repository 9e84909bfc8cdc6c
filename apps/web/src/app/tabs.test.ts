import { describe, expect, it } from 'vitest';
import { tabForPath, tabs } from './tabs';

describe('tabs', () => {
  it('lists the five tabs in the spec order', () => {
    expect(tabs.map((tab) => tab.path)).toEqual([
      '/pages/index/index',
      '/pages/market/market',
      '/pages/transaction/index',
      '/pages/financial/index',
      '/pages/fund/assets',
    ]);
  });

  it('maps paths to tabs, with / as Home', () => {
    expect(tabForPath('/')).toBe('home');
    expect(tabForPath('/pages/fund/assets')).toBe('assets');
    expect(tabForPath('/pages/setting/setting')).toBeNull();
  });
});
