import { type ComponentType, lazy } from 'react';
import { createHashRouter } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { RootLayout, StackLayout, TabLayout } from './layouts';
import { RouteErrorPage } from './route-error-page';

/** A page in its own chunk, loaded on first visit; the layout's Suspense shows a skeleton meanwhile. */
function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return <Page />;
}

const MarketsPage = lazyPage(() =>
  import('../features/markets/markets-page').then((module) => module.MarketsPage),
);
const TradePage = lazyPage(() => import('../features/trade/trade-page').then((module) => module.TradePage));
const FinancePage = lazyPage(() =>
  import('../features/finance/finance-page').then((module) => module.FinancePage),
);
const AssetsPage = lazyPage(() =>
  import('../features/assets/assets-page').then((module) => module.AssetsPage),
);
const SettingsPage = lazyPage(() =>
  import('../features/settings/settings-page').then((module) => module.SettingsPage),
);
const LoginPage = lazyPage(() => import('../features/account/login-page').then((module) => module.LoginPage));
const RealMarkPage = lazyPage(() =>
  import('../features/account/real-mark-page').then((module) => module.RealMarkPage),
);
const ArticlePage = lazyPage(() =>
  import('../features/content/article-page').then((module) => module.ArticlePage),
);
const FaqPage = lazyPage(() => import('../features/content/faq-page').then((module) => module.FaqPage));
const AboutUsPage = lazyPage(() =>
  import('../features/content/content-pages').then((module) => module.AboutUsPage),
);
const ContactUsPage = lazyPage(() =>
  import('../features/content/content-pages').then((module) => module.ContactUsPage),
);
const CompliancePage = lazyPage(() =>
  import('../features/content/content-pages').then((module) => module.CompliancePage),
);
const NotAvailablePage = lazyPage(() =>
  import('../features/unavailable/not-available-page').then((module) => module.NotAvailablePage),
);
const NotFoundPage = lazyPage(() =>
  import('../features/unavailable/not-found-page').then((module) => module.NotFoundPage),
);

/**
 * Hash routes of spec section 2. Home is in the entry chunk; every other page is its own chunk.
 * Language and default fiat are bottom sheets on /pages/setting/setting rather than routes of
 * their own: they are single choices that apply at once, and the sheet keeps the settings list
 * (and the rates note) in view. Every other /pages/... path a shortcut may point at renders the
 * "not yet available" page; anything else renders "page not found".
 */
export const router = createHashRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <TabLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'pages/index/index', element: <HomePage /> },
          { path: 'pages/market/market', element: MarketsPage },
          { path: 'pages/transaction/index', element: TradePage },
          { path: 'pages/financial/index', element: FinancePage },
          { path: 'pages/fund/assets', element: AssetsPage },
        ],
      },
      {
        element: <StackLayout />,
        children: [
          { path: 'pages/setting/setting', element: SettingsPage },
          { path: 'pages/common/login', element: LoginPage },
          { path: 'pages/setting/real_mark', element: RealMarkPage },
          { path: 'pages/common/article', element: ArticlePage },
          { path: 'pages/common/faq', element: FaqPage },
          { path: 'pages/common/aboutus', element: AboutUsPage },
          { path: 'pages/common/contactus', element: ContactUsPage },
          { path: 'pages/setting/operational_compliance', element: CompliancePage },
          { path: 'pages/*', element: NotAvailablePage },
          { path: '*', element: NotFoundPage },
        ],
      },
    ],
  },
]);
