import { AssetsCard } from './components/assets-card';
import { BannerCarousel } from './components/banner-carousel';
import { DemoBanner } from './components/demo-banner';
import { HomeHeader } from './components/home-header';
import { MenuGrid } from './components/menu-grid';
import { NewsSection } from './components/news-section';
import { NoticeTicker } from './components/notice-ticker';
import { PopupNotice } from './components/popup-notice';
import './home.css';

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
      <NewsSection />
      <PopupNotice />
    </div>
  );
}
