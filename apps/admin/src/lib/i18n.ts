import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import fra from '../locales/fra.json';
import hk from '../locales/hk.json';
import jp from '../locales/jp.json';
import kor from '../locales/kor.json';
import pt from '../locales/pt.json';
import spa from '../locales/spa.json';
import th from '../locales/th.json';
import vi from '../locales/vi.json';
import zh from '../locales/zh.json';

/** The ten locales of the platform, by the codes the API's `lang` takes. */
export const consoleLocales = {
  en: { label: 'English', messages: en },
  zh: { label: '简体中文', messages: zh },
  hk: { label: '繁體中文', messages: hk },
  jp: { label: '日本語', messages: jp },
  kor: { label: '한국어', messages: kor },
  th: { label: 'ไทย', messages: th },
  vi: { label: 'Tiếng Việt', messages: vi },
  fra: { label: 'Français', messages: fra },
  spa: { label: 'Español', messages: spa },
  pt: { label: 'Português', messages: pt },
} as const;
export type ConsoleLocale = keyof typeof consoleLocales;

const storageKey = 'fairex-console-lang';

function initialLocale(): ConsoleLocale {
  const stored = localStorage.getItem(storageKey);
  return stored && stored in consoleLocales ? (stored as ConsoleLocale) : 'en';
}

export function setConsoleLocale(locale: ConsoleLocale): void {
  localStorage.setItem(storageKey, locale);
  void i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}

void i18next.use(initReactI18next).init({
  lng: initialLocale(),
  fallbackLng: 'en',
  resources: Object.fromEntries(
    Object.entries(consoleLocales).map(([code, locale]) => [code, { translation: locale.messages }]),
  ),
  interpolation: { escapeValue: false },
});
