import { localeCodes } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '../../platform/i18n/messages';
import { staffConfirmationKeys, staffErrorKeys } from './staff.errors';

describe('the staff message catalogue', () => {
  const keys = [...Object.values(staffErrorKeys), ...Object.values(staffConfirmationKeys)];

  it.each(keys)('has %s in all ten locales, translated', (key) => {
    const english = serverMessages.en[key];
    expect(english).toBeTruthy();
    for (const locale of localeCodes) {
      expect(serverMessages[locale][key]?.trim(), `${locale} ${key}`).toBeTruthy();
      if (locale !== 'en') expect(serverMessages[locale][key], `${locale} ${key}`).not.toBe(english);
    }
  });
});
