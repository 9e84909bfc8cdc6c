// Must stay the first import: clears outdated storage before any module reads it.
import './lib/storage-version-boot';

import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app/app';
import { preloadPageAt } from './app/router';
import { siteConfigQuery } from './app/site-config';
import { initI18n } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { startSocket } from './lib/socket';
import './app/styles/global.css';

// antd-mobile 5 renders Toast, Dialog and Modal through ReactDOM.render, which React 19 removed;
// this hands it a createRoot-based renderer (antd-mobile's "v5 for React 19" guide).
const imperativeRoots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  const root = imperativeRoots.get(container) ?? createRoot(container);
  imperativeRoots.set(container, root);
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    imperativeRoots.delete(container);
  };
});

async function start(): Promise<void> {
  // What the first screen needs starts now, alongside the translations, not after the first render:
  // the page's chunk and data, and the site config (name, logo, the demo notice).
  preloadPageAt(window.location.hash);
  void queryClient.prefetchQuery(siteConfigQuery);
  await initI18n();
  const container = document.getElementById('root');
  if (!container) {
    throw new Error('index.html has no #root element');
  }
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void startSocket();
}

void start();
