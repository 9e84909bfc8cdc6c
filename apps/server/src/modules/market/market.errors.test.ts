import { localeCodes } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '../../platform/i18n/messages';
import { marketErrorKeys } from './market.errors';

describe('the market error catalogue', () => {
  it.each(Object.values(marketErrorKeys))('has %s in all ten locales', (key) => {
    const english = serverMessages.en[key];
    expect(english).toBeTruthy();
    for (const locale of localeCodes) {
      expect(serverMessages[locale][key]?.trim()).toBeTruthy();
      if (locale !== 'en') expect(serverMessages[locale][key]).not.toBe(english);
    }
  });
});
