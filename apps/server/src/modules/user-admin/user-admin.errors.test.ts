import { localeCodes } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '../../platform/i18n/messages';
import { userAdminErrorKeys } from './user-admin.errors';

describe('the users admin error catalogue', () => {
  it.each(localeCodes)('has a message for every code in %s', (locale) => {
    for (const key of Object.values(userAdminErrorKeys)) {
      expect(serverMessages[locale][key], `${locale} ${key}`).toMatch(/\S/);
    }
  });

  it('is translated, not copied from English, outside en', () => {
    for (const locale of localeCodes.filter((code) => code !== 'en')) {
      for (const key of Object.values(userAdminErrorKeys)) {
        expect(serverMessages[locale][key], `${locale} ${key}`).not.toBe(serverMessages.en[key]);
      }
    }
  });
});
