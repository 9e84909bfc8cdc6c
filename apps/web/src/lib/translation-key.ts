import type { ParseKeys } from 'i18next';

/**
 * A key of the English catalogue, written `namespace:key` (i18next.d.ts types `t` from the
 * English files): a key that does not exist fails the type check.
 */
export type TranslationKey = ParseKeys;

/**
 * A key that reaches `t` as a plain string: a form's validation message, which the form's issue
 * mapper (for example verification-rules.ts lv1IssueKey) wrote as `ns:key` text and react-hook-form
 * hands back untyped. i18n-catalogue.test.ts checks every such key written in the source exists.
 */
export function runtimeKey(key: string): TranslationKey {
  return key as TranslationKey;
}
