import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

/** The API server in development (`PORT=8080 tsx apps/server/src/main.ts`). */
const apiServerUrl = 'http://localhost:8080';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiServerUrl, changeOrigin: true },
  '/uploads': { target: apiServerUrl, changeOrigin: true },
  '/socket.io': { target: apiServerUrl, changeOrigin: true, ws: true },
};

export default defineConfig({
  plugins: [react()],
  resolve: {
    // npm hoists React 18 to the repository root for antd-mobile's peer ranges; the app runs
    // React 19 from apps/web/node_modules, and every package must share that one copy.
    dedupe: ['react', 'react-dom'],
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
        advancedChunks: {
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
