import './ui.css';

/** The Suspense fallback while a page's chunk loads: the page's shape, shimmering. */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" aria-busy="true">
      <div className="skeleton skeleton-bar skeleton-title" />
      <div className="skeleton skeleton-block" />
      <div className="skeleton skeleton-bar" />
      <div className="skeleton skeleton-bar skeleton-short" />
      <div className="skeleton skeleton-bar" />
      <div className="skeleton skeleton-bar skeleton-short" />
    </div>
  );
}
