import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { minimumBytes, precompress } from './precompress.mjs';

describe('precompress', () => {
  let dist = '';
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('writes brotli and gzip copies of text assets that decompress to the original', () => {
    dist = mkdtempSync(path.join(tmpdir(), 'fairex-precompress-'));
    mkdirSync(path.join(dist, 'assets'));
    const script = 'const price = "69263.01";\n'.repeat(200);
    writeFileSync(path.join(dist, 'assets/app-abc.js'), script);
    writeFileSync(path.join(dist, 'index.html'), '<p>tiny</p>');
    writeFileSync(path.join(dist, 'assets/logo.png'), Buffer.alloc(minimumBytes * 4, 7));

    const result = precompress(dist);

    expect(result.files).toBe(1);
    expect(result.brotliBytes).toBeLessThan(result.rawBytes);
    const brotli = readFileSync(path.join(dist, 'assets/app-abc.js.br'));
    const gzip = readFileSync(path.join(dist, 'assets/app-abc.js.gz'));
    expect(brotliDecompressSync(brotli).toString()).toBe(script);
    expect(gunzipSync(gzip).toString()).toBe(script);
    // Below the minimum size, and images that are compressed already, stay as they are.
    expect(existsSync(path.join(dist, 'index.html.br'))).toBe(false);
    expect(existsSync(path.join(dist, 'assets/logo.png.br'))).toBe(false);
  });
});
