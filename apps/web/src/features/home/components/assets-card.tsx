import { lazy, Suspense } from 'react';

/** The card loads in its own chunk (Home's JavaScript budget has no room for it). */
const AssetsCardBody = lazy(() =>
  import('./assets-total').then((module) => ({ default: module.AssetsCardBody })),
);

/** Total assets in the chosen fiat when signed in; a visitor is invited to log in. */
export function AssetsCard() {
  return (
    <Suspense fallback={<section className="assets-card skeleton" />}>
      <AssetsCardBody />
    </Suspense>
  );
}
