import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import {
  type Bundle,
  earlyPreloadScript,
  earlyPreloadsOf,
  pageModulesOf,
} from './src/build/early-preloads.ts';

/** The API server in development (`PORT=8080 tsx apps/server/src/main.ts`). */
const apiServerUrl = 'http://localhost:8080';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiServerUrl, changeOrigin: true },
  '/uploads': { target: apiServerUrl, changeOrigin: true },
  '/socket.io': { target: apiServerUrl, changeOrigin: true, ws: true },
};

const appDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src/app');

/**
 * WalletConnect's provider SDK as its publisher bundles it for browsers (UMD, every dependency
 * inside): the wallet page loads it as a plain script when WalletConnect is chosen. Bundled by
 * us instead, its CommonJS dependencies would add interop helpers to the runtime every page
 * loads, Home included.
 */
const walletConnectSdk = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@walletconnect/universal-provider')),
  'index.umd.js',
);

/** index.html asks for the stored locale and the opened page with the entry (src/build/early-preloads.ts). */
function earlyPreloads(): Plugin {
  let base = '/';
  return {
    name: 'fairex-early-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const routerSource = readFileSync(path.join(appDir, 'router.tsx'), 'utf8');
        const preloads = earlyPreloadsOf(
          context.bundle as unknown as Bundle,
          pageModulesOf(routerSource),
          (specifier) => path.resolve(appDir, specifier),
        );
        // 'en' is the contract's defaultLocale (a test keeps the two equal).
        const children = earlyPreloadScript(preloads, base, 'en');
        return { html, tags: [{ tag: 'script', children, injectTo: 'head-prepend' }] };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), earlyPreloads()],
  resolve: {
    // npm hoists React 18 to the repository root for antd-mobile's peer ranges; the app runs
    // React 19 from apps/web/node_modules, and every package must share that one copy.
    dedupe: ['react', 'react-dom'],
    // The package's exports do not list the bundle; this one import (`?url`) is pointed at it.
    alias: [
      {
        find: /^@walletconnect\/universal-provider\/dist\/index\.umd\.js(?=\?url$)/,
        replacement: walletConnectSdk,
      },
    ],
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        // Libraries every page loads get stable, cacheable chunks of their own; antd-mobile is
        // left to automatic splitting so lazy pages keep the components only they use.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'vendor',
              test: /node_modules[\\/](zod|i18next|react-i18next|@tanstack|zustand|use-sync-external-store)[\\/]/,
            },
            {
              name: 'ui',
              test: /node_modules[\\/](antd-mobile|@react-spring|@use-gesture|rc-[a-z-]+|@rc-component|ahooks|classnames|staged-components|lodash)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
