import { defaultLocale, isLocale, type Locale, localeTags } from '@fairex/contract';
import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useAppStore } from './stores/app-store';

/**
 * How translations load: the English namespaces Home needs (common, home, menu) are bundled into
 * the entry chunk; every other namespace, English included, is a small JSON chunk imported on
 * demand. At launch main.tsx awaits the rest of English (the fallback) and the stored locale
 * before the first render, so neither keys nor English flash; a language change loads the new
 * locale's chunks and then switches, relabelling everything at once.
 */
const shellEnglishFiles = import.meta.glob<ResourceLanguage>(
  ['../locales/en/common.json', '../locales/en/home.json', '../locales/en/menu.json'],
  { eager: true, import: 'default' },
);
const lazyLocaleFiles = import.meta.glob<ResourceLanguage>(
  [
    '../locales/*/*.json',
    '!../locales/en/common.json',
    '!../locales/en/home.json',
    '!../locales/en/menu.json',
  ],
  { import: 'default' },
);

const localeFilePattern = /\/locales\/([^/]+)\/([^/]+)\.json$/;

function parseLocaleFile(path: string): { locale: string; namespace: string } | null {
  const match = localeFilePattern.exec(path);
  return match?.[1] && match[2] ? { locale: match[1], namespace: match[2] } : null;
}

const englishResources: Record<string, ResourceLanguage> = {};
for (const [path, data] of Object.entries(shellEnglishFiles)) {
  const file = parseLocaleFile(path);
  if (file) {
    englishResources[file.namespace] = data;
  }
}

/** The namespaces, named after the files in locales/en. */
export const namespaces = [
  ...new Set(
    [...Object.keys(shellEnglishFiles), ...Object.keys(lazyLocaleFiles)]
      .map(parseLocaleFile)
      .filter((file) => file?.locale === defaultLocale)
      .map((file) => file?.namespace ?? ''),
  ),
];

const loadedLocales = new Set<Locale>();

async function loadLocale(locale: Locale): Promise<void> {
  if (loadedLocales.has(locale)) {
    return;
  }
  const loads = Object.entries(lazyLocaleFiles).flatMap(([path, load]) => {
    const file = parseLocaleFile(path);
    if (file?.locale !== locale) {
      return [];
    }
    return [
      load().then((data) => {
        i18next.addResourceBundle(locale, file.namespace, data, true, true);
      }),
    ];
  });
  await Promise.all(loads);
  loadedLocales.add(locale);
}

function applyDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = localeTags[locale];
}

/** Initialises i18next with the stored locale, loading it first when it is not English. */
export async function initI18n(): Promise<void> {
  const stored = useAppStore.getState().lang;
  const locale = isLocale(stored) ? stored : defaultLocale;
  await i18next.use(initReactI18next).init({
    resources: { [defaultLocale]: englishResources },
    lng: defaultLocale,
    fallbackLng: defaultLocale,
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  try {
    await Promise.all([loadLocale(defaultLocale), loadLocale(locale)]);
    await i18next.changeLanguage(locale);
    applyDocumentLanguage(locale);
  } catch {
    // A locale chunk failed to load (offline): stay in English rather than show nothing.
    useAppStore.getState().setLang(defaultLocale);
    applyDocumentLanguage(defaultLocale);
  }
}

/** Switches the whole app to `locale` without a reload and remembers it under `lang`. */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  await i18next.changeLanguage(locale);
  applyDocumentLanguage(locale);
  useAppStore.getState().setLang(locale);
}
