import { describe, expect, it } from 'vitest';
import type { TranslationKey } from './translation-key';

describe('translation keys', () => {
  it('are the English catalogue keys, so a missing one fails the type check', () => {
    const known: TranslationKey = 'common:tabs.home';
    // @ts-expect-error: common.json has no tabs.nowhere; if this compiles, keys are untyped again.
    const missing: TranslationKey = 'common:tabs.nowhere';
    expect([known, missing]).toHaveLength(2);
  });
});
