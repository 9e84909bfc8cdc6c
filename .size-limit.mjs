// The initial JavaScript of Home: the entry script plus every chunk index.html preloads, read from
// the built page so new chunks are counted without editing this file.
import { readFileSync } from 'node:fs';

const distDir = 'apps/web/dist';
const html = readFileSync(`${distDir}/index.html`, 'utf8');
const initialScripts = [
  ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g),
].map((match) => `${distDir}${match[1]}`);
if (initialScripts.length === 0) throw new Error(`no scripts found in ${distDir}/index.html`);

export default [
  {
    name: 'Home: initial JavaScript (brotli)',
    path: initialScripts,
    brotli: true,
    limit: '200 kB',
  },
];
