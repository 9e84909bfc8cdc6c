import { lazy, Suspense } from 'react';
import { AssetsCard } from './components/assets-card';
import { BannerCarousel } from './components/banner-carousel';
import { DemoBanner } from './components/demo-banner';
import { HomeHeader } from './components/home-header';
import { MenuGrid } from './components/menu-grid';
import { NoticeTicker } from './components/notice-ticker';
import './home.css';

/** Below the fold and live: its own chunk keeps Home's first paint inside the size budget. */
const QuotesSection = lazy(() =>
  import('./components/quotes-section').then((module) => ({ default: module.QuotesSection })),
);
/** Below the fold too. */
const NewsSection = lazy(() =>
  import('./components/news-section').then((module) => ({ default: module.NewsSection })),
);
/** Shown at most once per notice, after the page is up: it need not hold the first paint. */
const PopupNotice = lazy(() =>
  import('./components/popup-notice').then((module) => ({ default: module.PopupNotice })),
);

/** Home (/pages/index/index and /): the only page in the entry chunk. */
export function HomePage() {
  return (
    <div className="home">
      <HomeHeader />
      <DemoBanner />
      <BannerCarousel />
      <NoticeTicker />
      <AssetsCard />
      <MenuGrid />
      <Suspense fallback={null}>
        <QuotesSection />
      </Suspense>
      <Suspense fallback={null}>
        <NewsSection />
        <PopupNotice />
      </Suspense>
    </div>
  );
}
