import { defaultLocale, isLocale, type Locale, localeTags } from '@fairex/contract';
import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useAppStore } from './stores/app-store';

/**
 * How translations load: the English namespaces Home needs (common, home, menu) are bundled into
 * the entry chunk; every locale, English included, is one chunk with all its namespaces
 * (locales/<lang>/index.ts) imported on demand, so the entry's loader map has ten entries rather
 * than one per file. At launch main.tsx awaits English (the fallback) and the stored locale
 * before the first render, so neither keys nor English flash; a language change loads the new
 * locale's chunk and then switches, relabelling everything at once.
 */
const shellEnglishFiles = import.meta.glob<ResourceLanguage>(
  ['../locales/en/common.json', '../locales/en/home.json', '../locales/en/menu.json'],
  { eager: true, import: 'default' },
);
const localeChunks = import.meta.glob<Record<string, ResourceLanguage>>('../locales/*/index.ts', {
  import: 'default',
});

const namespaceFilePattern = /([^/]+)\.json$/;
const localeChunkPattern = /\/locales\/([^/]+)\/index\.ts$/;

function namespaceOf(path: string): string | null {
  return namespaceFilePattern.exec(path)?.[1] ?? null;
}

const englishResources: Record<string, ResourceLanguage> = {};
for (const [path, data] of Object.entries(shellEnglishFiles)) {
  const namespace = namespaceOf(path);
  if (namespace) {
    englishResources[namespace] = data;
  }
}

/** The namespaces known before any chunk loads; each loaded chunk adds its own (addResourceBundle). */
const shellNamespaces = Object.keys(englishResources);

const loadedLocales = new Set<Locale>();

async function loadLocale(locale: Locale): Promise<void> {
  if (loadedLocales.has(locale)) {
    return;
  }
  const load = Object.entries(localeChunks).find(
    ([path]) => localeChunkPattern.exec(path)?.[1] === locale,
  )?.[1];
  if (!load) {
    throw new Error(`no translations for ${locale}`);
  }
  const files = await load();
  for (const [path, data] of Object.entries(files)) {
    const namespace = namespaceOf(path);
    if (namespace) {
      i18next.addResourceBundle(locale, namespace, data, true, true);
    }
  }
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
    ns: shellNamespaces,
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
