import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every console string exists in all ten locales: English's keys exactly, none empty. */
const localesDir = path.join(import.meta.dirname, 'locales');

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.assign(
    {},
    ...Object.entries(value as Record<string, unknown>).map(([key, inner]) =>
      flatten(inner, prefix ? `${prefix}.${key}` : key),
    ),
  );
}

const catalogues = Object.fromEntries(
  readdirSync(localesDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [
      file.replace('.json', ''),
      flatten(JSON.parse(readFileSync(path.join(localesDir, file), 'utf8'))),
    ]),
);

describe('the console catalogue', () => {
  it('has the ten locales', () => {
    expect(Object.keys(catalogues).sort()).toEqual([
      'en',
      'fra',
      'hk',
      'jp',
      'kor',
      'pt',
      'spa',
      'th',
      'vi',
      'zh',
    ]);
  });

  it.each(Object.keys(catalogues))(
    '%s has exactly English’s keys, none empty, with the same placeholders',
    (locale) => {
      const english = catalogues.en as Record<string, string>;
      const messages = catalogues[locale] as Record<string, string>;
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(messages)) {
        expect(text.trim(), key).not.toBe('');
        const placeholders = (value: string) =>
          [...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
        expect(placeholders(text), key).toEqual(placeholders(english[key] as string));
      }
    },
  );
});
