import './ui.css';

/** The Suspense fallback while a page's chunk loads: the page's shape, shimmering. */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" aria-busy="true">
      <div className="skeleton-bar skeleton-title" />
      <div className="skeleton-block" />
      <div className="skeleton-bar" />
      <div className="skeleton-bar skeleton-short" />
      <div className="skeleton-bar" />
      <div className="skeleton-bar skeleton-short" />
    </div>
  );
}
