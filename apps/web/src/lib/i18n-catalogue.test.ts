import { localeCodes } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { features } from './feature-catalogue';

/**
 * The translation catalogue is complete: every locale has exactly English's keys, none empty,
 * with the same placeholders; every key the source names exists in English.
 */
type Tree = { [key: string]: string | Tree };

const localeFiles = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });
const sourceFiles = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const typingFiles = import.meta.glob<string>('../i18next.d.ts', {
  eager: true,
  query: '?raw',
  import: 'default',
});

const catalogue = new Map<string, Map<string, Map<string, string>>>();
for (const [path, tree] of Object.entries(localeFiles)) {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) {
    continue;
  }
  const namespaces = catalogue.get(match[1]) ?? new Map<string, Map<string, string>>();
  namespaces.set(match[2], flatten(tree));
  catalogue.set(match[1], namespaces);
}

function flatten(tree: Tree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      into.set(path, value);
    } else {
      flatten(value, path, into);
    }
  }
  return into;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const english = catalogue.get('en') ?? new Map<string, Map<string, string>>();
const namespaceNames = [...english.keys()].sort();

/**
 * Strings that are rightly the same as English in a locale: brand names, tickers and
 * abbreviations every market uses, and words those languages share with English.
 */
const sameAsEnglish: Record<string, readonly string[]> = {
  all: [
    'menu:otc',
    'menu:ieo',
    'ieo:title',
    'ieo:perUserValue',
    'menu:nft',
    'settings:fiat.rate',
    'content:contact.whatsapp',
    'content:contact.telegram',
    'finance:tabs.defi',
    'nft:media.gif',
  ],
  fra: [
    'common:tabs.finance',
    'menu:finance',
    'menu:options',
    'assets:kinds.micro',
    'menu:spot',
    'menu:coupon',
    'settings:links.faq',
    'settings:version',
    'content:faq.title',
    'finance:minimum',
    'finance:tabs.cloud',
    'finance:amountPlaceholder',
    'nft:tabs.collections',
    'nft:media.image',
    'nft:media.audio',
    'nft:rarity.rare',
    'nft:mine.messages',
  ],
  spa: ['menu:spot', 'ieo:daySuffix', 'nft:media.audio'],
  pt: ['menu:spot', 'ieo:daySuffix', 'ieo:whitepaper', 'nft:box.item'],
  zh: [],
  hk: [],
  th: [],
  jp: [],
  kor: [],
  vi: ['nft:media.video'],
};

describe('locale catalogue', () => {
  it('has exactly the ten product locales', () => {
    expect([...catalogue.keys()].sort()).toEqual([...localeCodes].sort());
  });

  it('has English namespaces to compare against', () => {
    expect(namespaceNames.length).toBeGreaterThan(0);
  });

  for (const locale of localeCodes.filter((code) => code !== 'en')) {
    describe(locale, () => {
      const namespaces = catalogue.get(locale) ?? new Map<string, Map<string, string>>();

      it('has the same namespaces as English', () => {
        expect([...namespaces.keys()].sort()).toEqual(namespaceNames);
      });

      for (const namespace of namespaceNames) {
        it(`${namespace}: has every English key, non-empty, and no extra keys`, () => {
          const reference = english.get(namespace) ?? new Map<string, string>();
          const translated = namespaces.get(namespace) ?? new Map<string, string>();
          const missing = [...reference.keys()].filter((key) => !(translated.get(key) ?? '').trim());
          const extra = [...translated.keys()].filter((key) => !reference.has(key));
          expect(missing, `missing or empty in ${locale}/${namespace}.json`).toEqual([]);
          expect(extra, `extra keys in ${locale}/${namespace}.json`).toEqual([]);
        });

        it(`${namespace}: keeps every placeholder`, () => {
          const reference = english.get(namespace) ?? new Map<string, string>();
          const translated = namespaces.get(namespace) ?? new Map<string, string>();
          for (const [key, text] of reference) {
            expect(placeholders(translated.get(key) ?? ''), `${locale}/${namespace}:${key}`).toEqual(
              placeholders(text),
            );
          }
        });

        it(`${namespace}: is translated, not English left in place`, () => {
          const reference = english.get(namespace) ?? new Map<string, string>();
          const translated = namespaces.get(namespace) ?? new Map<string, string>();
          const allowed = new Set([...(sameAsEnglish.all ?? []), ...(sameAsEnglish[locale] ?? [])]);
          const untranslated = [...reference]
            .filter(([key, text]) => translated.get(key) === text && !allowed.has(`${namespace}:${key}`))
            .map(([key]) => `${namespace}:${key}`);
          expect(untranslated, `${locale} still has English`).toEqual([]);
        });
      }
    });
  }

  it('English has no empty strings', () => {
    for (const [namespace, keys] of english) {
      for (const [key, text] of keys) {
        expect(text.trim(), `en/${namespace}:${key}`).not.toBe('');
      }
    }
  });
});

describe('keys used in the source', () => {
  const keyPattern = new RegExp(`['"\`]((?:${namespaceNames.join('|')}):[A-Za-z0-9_.-]+)['"\`]`, 'g');
  const used = new Set<string>();
  for (const source of Object.values(sourceFiles)) {
    for (const match of source.matchAll(keyPattern)) {
      if (match[1]) {
        used.add(match[1]);
      }
    }
  }

  it('finds the keys the screens use', () => {
    expect(used.size).toBeGreaterThan(50);
    expect(Object.keys(sourceFiles).length).toBeGreaterThan(10);
  });

  it('every t("ns:key") in the source exists in English', () => {
    const missing = [...used].filter((full) => {
      const [namespace = '', key = ''] = full.split(':');
      return !english.get(namespace)?.has(key);
    });
    expect(missing).toEqual([]);
  });

  it('every t() call names its namespace, so the check above sees it', () => {
    const bare: string[] = [];
    for (const [path, source] of Object.entries(sourceFiles)) {
      for (const match of source.matchAll(/\bt\(\s*['"`]([^'"`]+)['"`]/g)) {
        if (!match[1]?.includes(':')) {
          bare.push(`${path}: ${match[1]}`);
        }
      }
    }
    expect(bare).toEqual([]);
  });

  it('the typed keys (i18next.d.ts) cover every English namespace', () => {
    const declaration = Object.values(typingFiles)[0] ?? '';
    const typed = [...declaration.matchAll(/^\s+(\w+): typeof \w+;$/gm)].map((match) => match[1]);
    expect(typed.sort()).toEqual(namespaceNames);
  });

  it('every feature of the catalogue has a label', () => {
    const menu = english.get('menu') ?? new Map<string, string>();
    const missing = features.filter((entry) => !menu.has(entry.labelKey.replace(/^menu:/, '')));
    expect(missing.map((entry) => entry.key)).toEqual([]);
  });
});
