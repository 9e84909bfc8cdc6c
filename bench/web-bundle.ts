// Target 7: the initial JavaScript of the trade route, chart included, in brotli bytes, against a
// bare Vite + React page built in the same run (at most 3x); then a throttled mobile load of the
// trade route (LCP at most 2.5 s, TBT at most 200 ms).
//
// The web app is built as `npm run build` builds it, served by the real server (PGlite in a
// scratch directory, demo prices) and opened in Chromium. Every script the browser fetches until
// the trade route has settled, then until its chart has drawn, is counted, brotli-compressed at
// the quality size-limit uses. The baseline is a page with one React component, built by the same
// Vite and React versions with the same target.
//
// Lighthouse is not installed here (no internet beyond the npm registry, and it would add a large
// dependency for a bench). The throttled run uses what Lighthouse's "devtools" throttling does:
// Chromium's own CPU slowdown (4x) and the request-level network shaping Lighthouse applies for
// its slow-4G profile (150 ms RTT x 3.75 = 562.5 ms per request, 1,474.56 kbit/s down, 675 kbit/s
// up: its rtt and throughput with the devtools adjustment factors), a 412 x 823 mobile viewport,
// a cold cache. LCP is the page's last largest-contentful-paint
// entry; TBT sums the part over 50 ms of each long task between first contentful paint and the
// start of the first 5 s window without a long task (Lighthouse's TTI rule, without its network
// condition).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const webDist = path.join(webDir, 'dist');
const tradeRoute = '#/pages/transaction/index';
const chartRoute = '#/pages/market/detail?symbol=BTC%2FUSDT';
const limits = { ratio: 3, lcpMs: 2_500, tbtMs: 200 };

function brotliBytes(file: string): number {
  const compressed = brotliCompressSync(readFileSync(file), {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  });
  return compressed.length;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** `npm run build` of the web app: the bundle a user downloads. */
function buildWebApp(): void {
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`);
}

/** A page with one React component, built with the web app's own Vite, React plugin and target. */
async function buildBarePage(): Promise<number> {
  // Inside apps/web so `react` resolves to the app's own copy, as the app's build does.
  const pageDir = path.join(webDir, 'node_modules/.cache/fairex-bare-page');
  rmSync(pageDir, { recursive: true, force: true });
  mkdirSync(path.join(pageDir, 'src'), { recursive: true });
  writeFileSync(
    path.join(pageDir, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /><title>bare</title></head>' +
      '<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  );
  writeFileSync(
    path.join(pageDir, 'src/main.tsx'),
    "import { StrictMode } from 'react';\nimport { createRoot } from 'react-dom/client';\n" +
      'function App() {\n  return <h1>Hello</h1>;\n}\n' +
      "createRoot(document.getElementById('root') as HTMLElement).render(<StrictMode><App /></StrictMode>);\n",
  );
  const requireFromWeb = createRequire(path.join(webDir, 'package.json'));
  const vite = (await import(pathToFileURL(requireFromWeb.resolve('vite')).href)) as {
    build(config: object): Promise<unknown>;
  };
  const react = (await import(pathToFileURL(requireFromWeb.resolve('@vitejs/plugin-react')).href)) as {
    default: () => unknown;
  };
  await vite.build({
    root: pageDir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react.default()],
    build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  });
  const html = readFileSync(path.join(pageDir, 'dist/index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g),
  ];
  const bytes = scripts.reduce(
    (sum, match) => sum + brotliBytes(path.join(pageDir, 'dist', match[1] ?? '')),
    0,
  );
  rmSync(pageDir, { recursive: true, force: true });
  return bytes;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The real server as a user starts it, on PGlite in a scratch directory, with demo prices. */
async function startServer(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fairex-web-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'true',
      FIAT_RATES_URL: 'off',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 120_000;
  while (!output.includes('Fairex is running at')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Paths of the same-origin scripts the page fetches from now on. */
function recordScripts(page: Page, origin: string): Set<string> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === 'script' && url.origin === origin) scripts.add(url.pathname);
  });
  return scripts;
}

const totalBrotli = (scripts: Iterable<string>) =>
  [...scripts].reduce((sum, script) => sum + brotliBytes(path.join(webDist, script)), 0);

/** The trade route's scripts on a first visit, then with its chart opened. */
async function measureTradeRoute(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const scripts = recordScripts(page, new URL(url).origin);
  await page.goto(`${url}${tradeRoute}`);
  await page.getByTestId('trade-chart-link').waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const tradeOnly = new Set(scripts);
  await page.goto(`${url}${chartRoute}`);
  await page.locator('canvas').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  return { tradeOnly, withChart: scripts };
}

type PageTimings = {
  fcp: number;
  lcp: number;
  lcpElement: string;
  longTasks: { start: number; duration: number }[];
};

/** One cold, throttled mobile load of the trade route; LCP and TBT as described at the top. */
async function throttledLoad(browser: Browser, url: string) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  // Runs in the page before its own scripts (a string: this file is type-checked without the DOM).
  await page.addInitScript({
    content: `
      const timings = { fcp: 0, lcp: 0, lcpElement: '', longTasks: [] };
      window.fairexTimings = timings;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') timings.fcp = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          timings.lcp = entry.startTime;
          timings.lcpElement = entry.element
            ? entry.element.tagName.toLowerCase() + '.' + String(entry.element.className).split(' ')[0] +
              ' "' + String(entry.element.textContent || '').trim().slice(0, 40) + '"'
            : '';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) timings.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });`,
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${url}${tradeRoute}`, { timeout: 120_000 });
  await page.getByTestId('trade-chart-link').waitFor({ timeout: 120_000 });
  // Watch until 5 s have passed without a long task (at most 60 s).
  const read = () => page.evaluate('window.fairexTimings') as Promise<PageTimings>;
  const started = Date.now();
  let timings = await read();
  for (;;) {
    const now = await page.evaluate(() => performance.now());
    const lastEnd = Math.max(timings.fcp, ...timings.longTasks.map((task) => task.start + task.duration));
    if (now - lastEnd >= 5_000 || Date.now() - started > 60_000) break;
    await page.waitForTimeout(500);
    timings = await read();
  }
  if (process.env.BENCH_VERBOSE === '1') {
    // The waterfall: when each request of the load started and ended, after navigation start.
    const entries = (await page.evaluate(
      "performance.getEntriesByType('resource').map((entry) => [Math.round(entry.startTime), Math.round(entry.responseEnd), entry.name.replace(location.origin, '')])",
    )) as [number, number, string][];
    for (const [start, end, name] of entries.filter(([, end]) => end <= timings.lcp + 500)) {
      console.log(`    ${String(start).padStart(5)} -> ${String(end).padStart(5)} ms  ${name.slice(0, 90)}`);
    }
  }
  await context.close();
  const interactive = Math.max(timings.fcp, ...timings.longTasks.map((task) => task.start + task.duration));
  const blocking = timings.longTasks
    .filter((task) => task.start >= timings.fcp && task.start < interactive)
    .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
  return {
    fcp: timings.fcp,
    lcp: timings.lcp,
    lcpElement: timings.lcpElement,
    tbt: blocking,
    longTasks: timings.longTasks.length,
  };
}

async function main() {
  console.log('Building the web app and a bare Vite + React page…');
  buildWebApp();
  const bareBytes = await buildBarePage();
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox'],
  });
  try {
    const { tradeOnly, withChart } = await measureTradeRoute(browser, server.url);
    const tradeBytes = totalBrotli(tradeOnly);
    const chartBytes = totalBrotli(withChart);
    const runs = [await throttledLoad(browser, server.url), await throttledLoad(browser, server.url)];
    const lcp = Math.max(...runs.map((run) => run.lcp));
    const tbt = Math.max(...runs.map((run) => run.tbt));

    console.log(`\nbare Vite + React page:               ${kB(bareBytes)} brotli`);
    console.log(
      `trade route, first visit:             ${kB(tradeBytes)} brotli in ${tradeOnly.size} scripts`,
    );
    console.log(
      `trade route with its chart opened:    ${kB(chartBytes)} brotli in ${withChart.size} scripts`,
    );
    if (process.env.BENCH_VERBOSE === '1') {
      const sized = [...withChart].map((script) => ({
        script,
        bytes: brotliBytes(path.join(webDist, script)),
      }));
      for (const { script, bytes } of sized.sort((a, b) => b.bytes - a.bytes)) {
        console.log(`  ${kB(bytes).padStart(9)}  ${tradeOnly.has(script) ? 'trade' : 'chart'}  ${script}`);
      }
    }
    for (const [index, run] of runs.entries()) {
      console.log(
        `throttled mobile load ${index + 1}: FCP ${run.fcp.toFixed(0)} ms, LCP ${run.lcp.toFixed(0)} ms, ` +
          `TBT ${run.tbt.toFixed(0)} ms (${run.longTasks} long tasks; largest paint: ${run.lcpElement})`,
      );
    }
    const ratio = chartBytes / bareBytes;
    console.log(
      `\ntarget 7: trade route with chart / bare page = ${ratio.toFixed(2)}x (target <= ${limits.ratio}x) ${ratio <= limits.ratio ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `target 7: throttled mobile, worst of ${runs.length}: LCP ${lcp.toFixed(0)} ms (<= ${limits.lcpMs}), ` +
        `TBT ${tbt.toFixed(0)} ms (<= ${limits.tbtMs}) ${lcp <= limits.lcpMs && tbt <= limits.tbtMs ? 'MET' : 'NOT MET'}`,
    );
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
