/**
 * Build-time only (vite.config.ts uses it; the app never imports it). Without it, a first visit
 * fetches the entry's scripts, runs them, and only then asks for the two things every first screen
 * waits for: the stored locale's translations and the opened page's chunk. On a slow phone that is
 * a second round of downloads after the first. This writes a small script into index.html that
 * asks for both at once, alongside the entry: it reads the stored `lang` and the hash route, and
 * adds a modulepreload for the locale chunk and for the page chunk with the chunks it imports.
 * The app still loads them itself; the browser answers from the preload.
 */

/** The parts of a Rollup/Rolldown output chunk this reads. */
export type BuiltChunk = {
  readonly type: 'chunk';
  readonly fileName: string;
  readonly isEntry: boolean;
  readonly facadeModuleId: string | null;
  readonly imports: readonly string[];
  readonly viteMetadata?: { readonly importedCss: ReadonlySet<string> };
};
export type BuiltAsset = { readonly type: 'asset'; readonly fileName: string };
export type Bundle = Readonly<Record<string, BuiltChunk | BuiltAsset>>;

/** Route path -> the module its lazy page imports, read from router.tsx (`lazyPage(() => import(...))`). */
export function pageModulesOf(routerSource: string): Map<string, string> {
  const importOfPage = new Map<string, string>();
  for (const match of routerSource.matchAll(/const (\w+) = lazyPage\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) {
    importOfPage.set(match[1] as string, match[2] as string);
  }
  const modules = new Map<string, string>();
  for (const match of routerSource.matchAll(/\{ path: '([^'*]+)', element: (\w+) \}/g)) {
    const module = importOfPage.get(match[2] as string);
    if (module) modules.set(match[1] as string, module);
  }
  return modules;
}

type Files = { scripts: string[]; styles: string[] };

/** A chunk's file and the chunks it statically imports, transitively, without the entry's own. */
function filesOf(bundle: Bundle, fileName: string, skip: ReadonlySet<string>): Files {
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (name: string) => {
    if (skip.has(name) || scripts.includes(name)) return;
    const chunk = bundle[name];
    if (chunk?.type !== 'chunk') return;
    scripts.push(name);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(fileName);
  return { scripts, styles: [...styles] };
}

function staticClosure(bundle: Bundle, fileName: string): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (seen.has(name) || chunk?.type !== 'chunk') return;
    seen.add(name);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(fileName);
  return seen;
}

function chunkOfModule(bundle: Bundle, modulePathWithoutExtension: string): BuiltChunk | undefined {
  return Object.values(bundle).find(
    (chunk): chunk is BuiltChunk =>
      chunk.type === 'chunk' &&
      chunk.facadeModuleId !== null &&
      /\.(tsx?|jsx?)$/.test(chunk.facadeModuleId) &&
      chunk.facadeModuleId.replace(/\.(tsx?|jsx?)$/, '') === modulePathWithoutExtension,
  );
}

export type EarlyPreloads = {
  /** Locale -> files of its chunk. */
  readonly locales: Record<string, Files>;
  /** Route path (no leading slash) -> files of its page. */
  readonly pages: Record<string, Files>;
};

/**
 * What to preload for each locale and each lazy page. `resolvePage` turns router.tsx's import
 * specifier into an absolute module path without extension. Throws when the router names a page
 * the bundle does not have, so a change in either cannot silently turn this off.
 */
export function earlyPreloadsOf(
  bundle: Bundle,
  pageModules: ReadonlyMap<string, string>,
  resolvePage: (specifier: string) => string,
): EarlyPreloads {
  const entry = Object.values(bundle).find(
    (chunk): chunk is BuiltChunk => chunk.type === 'chunk' && chunk.isEntry,
  );
  if (!entry) throw new Error('early preloads: the bundle has no entry chunk');
  const skip = staticClosure(bundle, entry.fileName);
  const locales: Record<string, Files> = {};
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
    const locale = /\/locales\/([^/]+)\/index\.ts$/.exec(chunk.facadeModuleId)?.[1];
    if (locale) locales[locale] = filesOf(bundle, chunk.fileName, skip);
  }
  const pages: Record<string, Files> = {};
  for (const [route, specifier] of pageModules) {
    const chunk = chunkOfModule(bundle, resolvePage(specifier));
    if (!chunk) throw new Error(`early preloads: no chunk for ${specifier} (route ${route})`);
    pages[route] = filesOf(bundle, chunk.fileName, skip);
  }
  if (Object.keys(locales).length === 0) throw new Error('early preloads: no locale chunks found');
  if (pages['pages/transaction/index'] === undefined) {
    throw new Error('early preloads: the trade page was not found in router.tsx');
  }
  return { locales, pages };
}

/**
 * The inline script: runs before the entry, never throws (storage may be blocked), and preloads
 * English (the fallback, always loaded), the stored locale, and the page the hash opens.
 */
export function earlyPreloadScript(preloads: EarlyPreloads, base: string, defaultLocale: string): string {
  const data = JSON.stringify({ b: base, d: defaultLocale, l: preloads.locales, p: preloads.pages });
  return `(function(){try{var x=${data};var lang=null;try{lang=localStorage.getItem('lang')}catch(e){}
var route=location.hash.replace(/^#\\/?/,'').split('?')[0];
var want=[x.l[x.d]];if(lang&&lang!==x.d&&x.l[lang])want.push(x.l[lang]);if(x.p[route])want.push(x.p[route]);
for(var i=0;i<want.length;i++){var f=want[i];
for(var j=0;j<f.scripts.length;j++){var s=document.createElement('link');s.rel='modulepreload';s.href=x.b+f.scripts[j];document.head.appendChild(s)}
for(var k=0;k<f.styles.length;k++){var c=document.createElement('link');c.rel='preload';c.as='style';c.href=x.b+f.styles[k];document.head.appendChild(c)}}
}catch(e){}})();`;
}
