import { z } from 'zod';

/** The ten locales of the product, in the order the language picker shows them. */
export const localeCodes = ['en', 'zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'vi', 'pt'] as const;
export type Locale = (typeof localeCodes)[number];
export const defaultLocale: Locale = 'en';
export const localeSchema = z.enum(localeCodes);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (localeCodes as readonly string[]).includes(value);
}

/** Endonyms shown in the language picker; they are the same in every locale by design. */
export const localeNames: Record<Locale, string> = {
  en: 'English',
  zh: '简体中文',
  hk: '繁體中文',
  th: 'ไทย',
  jp: '日本語',
  kor: '한국어',
  fra: 'Français',
  spa: 'Español',
  vi: 'Tiếng Việt',
  pt: 'Português',
};

/** BCP 47 tags, for Intl formatting and the HTML lang attribute. */
export const localeTags: Record<Locale, string> = {
  en: 'en',
  zh: 'zh-CN',
  hk: 'zh-HK',
  th: 'th',
  jp: 'ja',
  kor: 'ko',
  fra: 'fr',
  spa: 'es',
  vi: 'vi',
  pt: 'pt',
};
