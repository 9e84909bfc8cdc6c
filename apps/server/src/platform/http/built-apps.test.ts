import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, inlineScriptHashes, serveBuiltApp } from './built-apps';

describe('cacheControlFor', () => {
  it('keeps hashed build files for a year and revalidates the rest', () => {
    expect(cacheControlFor('/srv/web/dist/assets/trade-page-BpDx3OUD.js')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheControlFor('/srv/web/dist/assets/trade-page-BpDx3OUD.js.br')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheControlFor('C:\\web\\dist\\assets\\index-1.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/srv/web/dist/index.html')).toBe('no-cache');
    expect(cacheControlFor('/srv/web/dist/favicon.svg')).toBe('no-cache');
  });
});

describe('serveBuiltApp', () => {
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
  const page = `<!doctype html><html><body>${'<p>Fairex</p>'.repeat(200)}</body></html>`;
  let root = '';
  let app: FastifyInstance;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'fairex-built-app-'));
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), page);
    writeFileSync(path.join(root, 'index.html.br'), brotliCompressSync(page));
    writeFileSync(path.join(root, 'assets/app-Hash1.js'), script);
    writeFileSync(path.join(root, 'assets/app-Hash1.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(root, 'assets/app-Hash1.js.gz'), gzipSync(script));
    app = Fastify();
    expect(await serveBuiltApp(app, { root })).toBe(true);
    expect(await serveBuiltApp(app, { root: path.join(root, 'missing'), prefix: '/admin/' })).toBe(false);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the brotli copy to a browser that accepts it, cached for a year', async () => {
    const response = await app.inject({
      url: '/assets/app-Hash1.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip where brotli is not accepted, and the file itself where nothing is', async () => {
    const gzipped = await app.inject({ url: '/assets/app-Hash1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await app.inject({
      url: '/assets/app-Hash1.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('revalidates the page itself, so a new deployment is picked up on the next visit', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });
});

describe('the hashes of inline scripts in built apps', () => {
  it('gives the CSP hash of each inline script, none for external ones or a missing build', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'fairex-csp-'));
    try {
      const inline = '(function(){var x=1;})()';
      writeFileSync(
        path.join(root, 'index.html'),
        `<html><head><script>${inline}</script><script type="module" crossorigin src="/a.js"></script></head></html>`,
      );
      const expected = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
      expect(inlineScriptHashes([root, path.join(root, 'missing')])).toEqual([expected]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
