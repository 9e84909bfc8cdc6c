#!/usr/bin/env node
// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy next to every text asset of a
// build directory, so the server sends compressed bytes without compressing on each request
// (@fastify/static `preCompressed`). Usage: node scripts/precompress.mjs <dist directory>...
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files below this size gain less than the header costs; they are served as they are. */
export const minimumBytes = 1024;
const compressible = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.map',
  '.webmanifest',
]);

/** @param {string} directory @returns {string[]} every file under the directory */
function filesUnder(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Compresses the text assets of `directory` in place; a compressed copy that would not be smaller
 * is not written. Answers how many files got copies, and their bytes before and after brotli.
 * @param {string} directory
 */
export function precompress(directory) {
  let files = 0;
  let rawBytes = 0;
  let brotliBytes = 0;
  for (const file of filesUnder(directory)) {
    if (!compressible.has(path.extname(file)) || statSync(file).size < minimumBytes) continue;
    const raw = readFileSync(file);
    const brotli = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gzip = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
    if (brotli.length < raw.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < raw.length) writeFileSync(`${file}.gz`, gzip);
    files += 1;
    rawBytes += raw.length;
    brotliBytes += Math.min(brotli.length, raw.length);
  }
  return { files, rawBytes, brotliBytes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const directories = process.argv.slice(2);
  if (directories.length === 0) {
    console.error('usage: node scripts/precompress.mjs <dist directory>...');
    process.exit(2);
  }
  for (const directory of directories) {
    const { files, rawBytes, brotliBytes } = precompress(directory);
    const kB = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} kB`;
    console.log(`precompressed ${files} files in ${directory}: ${kB(rawBytes)} -> ${kB(brotliBytes)} brotli`);
  }
}
