import { describe, expect, it } from 'vitest';
import {
  articlePageSizeDefault,
  articlePageSizeMax,
  contentLocaleOrder,
  isPublicSettingKeyword,
  menuItemView,
  pageWindow,
  publicSettingValue,
  siteConfigFrom,
  siteLogoDefault,
  siteNameDefault,
} from './content.domain';

describe('content rules', () => {
  it('pages 10 at a time from page 1 unless told otherwise, and caps the page size', () => {
    expect(pageWindow(undefined, undefined)).toEqual({ page: 1, limit: articlePageSizeDefault, offset: 0 });
    expect(pageWindow(3, 5)).toEqual({ page: 3, limit: 5, offset: 10 });
    expect(pageWindow(2, 10_000).limit).toBe(articlePageSizeMax);
  });

  it('falls back from any locale to English, and English to nothing else', () => {
    expect(contentLocaleOrder('th')).toEqual(['th', 'en']);
    expect(contentLocaleOrder('en')).toEqual(['en']);
  });

  it('lets visitors read customer-service links, the site name and logo, and nothing else', () => {
    for (const keyword of ['kefu_url', 'whatsapp_url', 'telegram_url', 'site_name', 'site_logo']) {
      expect(isPublicSettingKeyword(keyword)).toBe(true);
    }
    for (const keyword of ['smtp_password', 'admin_email', '__proto__', 'constructor', '']) {
      expect(isPublicSettingKeyword(keyword)).toBe(false);
    }
  });

  it('fills in the site name and logo when they are missing or blank', () => {
    expect(siteConfigFrom({ siteName: undefined, siteLogo: null }, true)).toEqual({
      site_name: siteNameDefault,
      site_logo: siteLogoDefault,
      demo: true,
      clock_ahead_ms: 0,
    });
    expect(siteConfigFrom({ siteName: '  ', siteLogo: 42 }, false).site_name).toBe(siteNameDefault);
    expect(siteConfigFrom({ siteName: 'Acme', siteLogo: '/acme.svg' }, false)).toEqual({
      site_name: 'Acme',
      site_logo: '/acme.svg',
      demo: false,
      clock_ahead_ms: 0,
    });
    // Only a demo's clock runs ahead; a live site never reports an offset.
    expect(siteConfigFrom({ siteName: 'Acme', siteLogo: null }, true, 86_400_000).clock_ahead_ms).toBe(
      86_400_000,
    );
    expect(siteConfigFrom({ siteName: 'Acme', siteLogo: null }, false, 86_400_000).clock_ahead_ms).toBe(0);
    expect(publicSettingValue('site_logo', undefined)).toBe(siteLogoDefault);
    expect(publicSettingValue('kefu_url', undefined)).toBeNull();
    expect(publicSettingValue('telegram_url', 'https://t.me/x')).toBe('https://t.me/x');
  });

  it('marks a shortcut available only when a registered module ships it', () => {
    const item = { key: 'recharge', route: '/pages/fund/receive', icon: 'deposit' };
    const shipped = new Set(['recharge']);
    expect(menuItemView(item, shipped).available).toBe(true);
    expect(menuItemView(item, new Set()).available).toBe(false);
    expect(menuItemView({ ...item, key: 'operator_extra' }, shipped).available).toBe(false);
  });
});
