import { defaultLocale, isLocale, type Locale, localeTags } from '@fairex/contract';
import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useAppStore } from './stores/app-store';

/**
 * How translations load: English (the fallback and the default) is bundled into the entry chunk;
 * every other locale is a set of small JSON chunks imported on demand, one per namespace. At
 * launch main.tsx awaits the stored locale before the first render, so no English flashes; a
 * language change loads the new locale's chunks and then switches, relabelling everything at once.
 */
const englishFiles = import.meta.glob<ResourceLanguage>('../locales/en/*.json', {
  eager: true,
  import: 'default',
});
const otherLocaleFiles = import.meta.glob<ResourceLanguage>(
  ['../locales/*/*.json', '!../locales/en/*.json'],
  {
    import: 'default',
  },
);

const localeFilePattern = /\/locales\/([^/]+)\/([^/]+)\.json$/;

function parseLocaleFile(path: string): { locale: string; namespace: string } | null {
  const match = localeFilePattern.exec(path);
  return match?.[1] && match[2] ? { locale: match[1], namespace: match[2] } : null;
}

const englishResources: Record<string, ResourceLanguage> = {};
for (const [path, data] of Object.entries(englishFiles)) {
  const file = parseLocaleFile(path);
  if (file) {
    englishResources[file.namespace] = data;
  }
}

/** The namespaces, named after the files in locales/en. */
export const namespaces = Object.keys(englishResources);

const loadedLocales = new Set<Locale>([defaultLocale]);

async function loadLocale(locale: Locale): Promise<void> {
  if (loadedLocales.has(locale)) {
    return;
  }
  const loads = Object.entries(otherLocaleFiles).flatMap(([path, load]) => {
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
    await loadLocale(locale);
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
