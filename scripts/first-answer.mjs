#!/usr/bin/env node
// Issue 24: how long a first start takes to answer. Starts the server as `npm run serve` does
// (demo on, PGlite in a fresh data directory, the built web app), times the first answered
// GET /api/getSiteConfig, and prints how far the market history had come at that moment and when
// it was complete. Run after `npm run build`: node scripts/first-answer.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const historyWaitMaxMs = 300_000;

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** @param {string} url @returns {Promise<any>} */
async function getJson(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return await response.json();
  } catch {
    return null;
  }
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'fairex-first-answer-'));
const started = performance.now();
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: 'true',
    FIAT_RATES_URL: 'off',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
/** @type {number | null} */
let listeningMs = null;
child.stdout.on('data', (chunk) => {
  if (listeningMs === null && chunk.toString().includes('Fairex is running'))
    listeningMs = performance.now() - started;
});
const base = `http://127.0.0.1:${port}/api`;
try {
  let answer = null;
  while (!answer) {
    if (child.exitCode !== null) throw new Error('the server exited');
    answer = await getJson(`${base}/getSiteConfig?lang=en`);
    if (!answer) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const firstMs = performance.now() - started;
  const atFirst = (await getJson(`${base}/market/history_status?lang=en`))?.message;
  console.log(`listening: ${Math.round(listeningMs ?? Number.NaN)} ms after start`);
  console.log(
    `first answer: ${Math.round(firstMs)} ms after start; history then ${atFirst?.prepared}/${atFirst?.instruments}`,
  );
  let status = atFirst;
  while (!status?.ready && performance.now() - started < historyWaitMaxMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = (await getJson(`${base}/market/history_status?lang=en`))?.message ?? status;
  }
  console.log(
    `history complete: ${Math.round(performance.now() - started)} ms after start (${status?.instruments} markets)`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
