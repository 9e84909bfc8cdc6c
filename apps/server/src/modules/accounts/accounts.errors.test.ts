import { localeCodes } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '../../platform/i18n/messages';
import {
  accountsConfirmationKeys,
  accountsErrorKeys,
  codeMessageKeys,
  codePurposeKeys,
} from './accounts.errors';

describe('the accounts message catalogue', () => {
  const keys = [
    ...Object.values(accountsErrorKeys),
    ...Object.values(accountsConfirmationKeys),
    ...Object.values(codeMessageKeys),
    ...Object.values(codePurposeKeys),
  ];

  it.each(keys)('has %s in all ten locales, translated', (key) => {
    const english = serverMessages.en[key];
    expect(english).toBeTruthy();
    for (const locale of localeCodes) {
      expect(serverMessages[locale][key]?.trim(), `${locale} ${key}`).toBeTruthy();
      if (locale !== 'en') expect(serverMessages[locale][key], `${locale} ${key}`).not.toBe(english);
    }
  });

  it('keeps the placeholders of the code message in every locale', () => {
    for (const locale of localeCodes) {
      const body = serverMessages[locale][codeMessageKeys.body] ?? '';
      for (const placeholder of ['{purpose}', '{code}', '{minutes}'])
        expect(body, locale).toContain(placeholder);
    }
  });
});
