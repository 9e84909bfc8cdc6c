import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

/** The API server in development (`npm run dev:server`). */
const apiServerUrl = 'http://localhost:8080';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiServerUrl, changeOrigin: true },
  '/uploads': { target: apiServerUrl, changeOrigin: true },
};

/** The operator console, served by the API server at /admin/. */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: { dedupe: ['react', 'react-dom'] },
  server: { port: 5174, proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+)[\\/]/ },
          ],
        },
      },
    },
  },
});
