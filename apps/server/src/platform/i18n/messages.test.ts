import { localeCodes } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { serverMessages, translate } from './messages';

const englishKeys = Object.keys(serverMessages.en).sort();

describe('server messages', () => {
  it.each(localeCodes)('%s has every key of en, each non-empty, and no other', (locale) => {
    const messages = serverMessages[locale];
    expect(Object.keys(messages).sort()).toEqual(englishKeys);
    for (const key of englishKeys) expect(messages[key]?.trim(), `${locale}: ${key}`).toBeTruthy();
  });

  it.each(localeCodes.filter((locale) => locale !== 'en'))(
    '%s is translated, not copied from en',
    (locale) => {
      // Brand names and codes may coincide across languages; whole messages rarely should.
      const copied = englishKeys.filter((key) => serverMessages[locale][key] === serverMessages.en[key]);
      expect(copied.length, copied.join(', ')).toBeLessThanOrEqual(Math.ceil(englishKeys.length * 0.1));
    },
  );

  it('looks messages up in the caller locale', () => {
    expect(translate('zh', 'errors.parameter_error')).toBe('参数错误');
    expect(translate('en', 'errors.parameter_error')).toBe('Parameter error');
  });
});
