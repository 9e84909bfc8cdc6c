import { Suspense, useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageSkeleton } from '../components/ui/page-skeleton';
import { registerNavigator } from '../lib/navigation';
import { useSiteConfigSync } from './site-config';
import { TabBar } from './tab-bar';

/** Every page: the phone-width column, site config, and navigation for non-React code. */
export function RootLayout() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((path) => navigate(path));
  }, [navigate]);
  useSiteConfigSync();
  return (
    <div className="app-shell">
      <Outlet />
    </div>
  );
}

/** Remounts on each path change so the page slides and fades in; lazy pages suspend here. */
function TransitionOutlet() {
  const { pathname } = useLocation();
  // The window is the one scroller all pages share: a page opens at its top, not at the
  // position the previous page (another tab) was scrolled to.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new path scrolls to the top
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div key={pathname} className="page-transition">
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

/** The five tab pages, above the bottom tab bar. */
export function TabLayout() {
  return (
    <div className="with-tab-bar">
      <TransitionOutlet />
      <TabBar />
    </div>
  );
}

/** Pages pushed on top of the tabs (settings, articles, placeholders): no tab bar. */
export function StackLayout() {
  return <TransitionOutlet />;
}
