import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { defaultLocale } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import {
  type BuiltChunk,
  type Bundle,
  earlyPreloadScript,
  earlyPreloadsOf,
  pageModulesOf,
} from './early-preloads';

const appDir = path.resolve(import.meta.dirname, '../app');
const routerSource = readFileSync(path.join(appDir, 'router.tsx'), 'utf8');

function chunk(
  fileName: string,
  facadeModuleId: string | null,
  imports: string[] = [],
  css: string[] = [],
): BuiltChunk {
  return {
    type: 'chunk',
    fileName,
    isEntry: fileName === 'assets/index.js',
    facadeModuleId,
    imports,
    viteMetadata: { importedCss: new Set(css) },
  };
}

const bundle: Bundle = Object.fromEntries(
  [
    chunk('assets/index.js', '/app/src/main.tsx', ['assets/react.js']),
    chunk('assets/react.js', null),
    chunk('assets/en.js', '/app/src/locales/en/index.ts'),
    chunk('assets/zh.js', '/app/src/locales/zh/index.ts'),
    chunk(
      'assets/trade-page.js',
      '/app/src/features/trade/trade-page.tsx',
      ['assets/react.js', 'assets/spot.js'],
      ['assets/trade.css'],
    ),
    chunk('assets/spot.js', null, ['assets/decimal.js']),
    chunk('assets/decimal.js', null),
  ].map((entry) => [entry.fileName, entry]),
);

/** Runs the inline script against a stored locale and a hash; answers the links it added. */
function linksAddedBy(script: string, storedLang: string | null, hash: string): string[] {
  const links: string[] = [];
  runInNewContext(script, {
    localStorage: { getItem: () => storedLang },
    location: { hash },
    document: {
      createElement: () => ({}),
      head: { appendChild: (link: { rel: string; href: string }) => links.push(`${link.rel} ${link.href}`) },
    },
  });
  return links;
}

describe('early preloads', () => {
  it('reads every lazy page of router.tsx with its module', () => {
    const pages = pageModulesOf(routerSource);
    expect(pages.get('pages/transaction/index')).toBe('../features/trade/trade-page');
    expect(pages.get('pages/transaction/currency')).toBe('../features/trade/trade-page');
    expect(pages.get('pages/market/market')).toBe('../features/markets/markets-page');
    // Every route but Home (in the entry) and the two catch-alls.
    const declared = [...routerSource.matchAll(/\{ path: '(pages\/[A-Za-z_/-]+)'/g)].length;
    expect(pages.size).toBe(declared - 1);
  });

  it('preloads a page with the chunks it imports, but none the entry already brings', () => {
    const preloads = earlyPreloadsOf(
      bundle,
      new Map([['pages/transaction/index', '../features/trade/trade-page']]),
      (specifier) => path.posix.resolve('/app/src/app', specifier),
    );
    expect(preloads.pages['pages/transaction/index']).toEqual({
      scripts: ['assets/trade-page.js', 'assets/spot.js', 'assets/decimal.js'],
      styles: ['assets/trade.css'],
    });
    expect(Object.keys(preloads.locales).sort()).toEqual(['en', 'zh']);
  });

  it('refuses a router page the bundle lacks, rather than quietly preloading nothing', () => {
    expect(() =>
      earlyPreloadsOf(bundle, new Map([['pages/transaction/index', '../features/gone/page']]), (specifier) =>
        path.posix.resolve('/app/src/app', specifier),
      ),
    ).toThrow(/no chunk/);
  });

  it('writes a script that asks for English, the stored locale and the opened page', () => {
    const preloads = earlyPreloadsOf(
      bundle,
      new Map([['pages/transaction/index', '../features/trade/trade-page']]),
      (specifier) => path.posix.resolve('/app/src/app', specifier),
    );
    const script = earlyPreloadScript(preloads, '/', defaultLocale);
    expect(linksAddedBy(script, 'zh', '#/pages/transaction/index?symbol=BTC')).toEqual([
      'modulepreload /assets/en.js',
      'modulepreload /assets/zh.js',
      'modulepreload /assets/trade-page.js',
      'modulepreload /assets/spot.js',
      'modulepreload /assets/decimal.js',
      'preload /assets/trade.css',
    ]);
    expect(linksAddedBy(script, null, '')).toEqual(['modulepreload /assets/en.js']);
    expect(linksAddedBy(script, 'xx', '#/nowhere')).toEqual(['modulepreload /assets/en.js']);
  });

  it('uses the locale the contract defaults to, as vite.config.ts passes it', () => {
    const config = readFileSync(path.resolve(import.meta.dirname, '../../vite.config.ts'), 'utf8');
    expect(config).toContain(`earlyPreloadScript(preloads, base, '${defaultLocale}')`);
  });
});
