import { type ComponentType, isValidElement, lazy } from 'react';
import { createHashRouter, matchRoutes, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { queryClient } from '../lib/query-client';
import { RootLayout, StackLayout, TabLayout } from './layouts';
import { RouteErrorPage } from './route-error-page';

/** How to start a lazy page early: its chunk, and the data its first screen waits for. */
type PageStart = { readonly load: () => Promise<unknown>; readonly data?: () => void };

/** Each lazy page's start, by the component React.lazy made of it (see preloadPageAt). */
const pageStarts = new Map<unknown, PageStart>();

/**
 * A page in its own chunk, loaded on first visit; the layout's Suspense shows a skeleton meanwhile.
 * `data` prefetches what the page's first screen cannot show anything without.
 */
function lazyPage(load: () => Promise<ComponentType>, data?: () => void) {
  const Page = lazy(async () => ({ default: await load() }));
  pageStarts.set(Page, data ? { load, data } : { load });
  return <Page />;
}

const MarketsPage = lazyPage(() =>
  import('../features/markets/markets-page').then((module) => module.MarketsPage),
);
const MarketSearchPage = lazyPage(() =>
  import('../features/markets/search-page').then((module) => module.SearchPage),
);
const MarketDetailPage = lazyPage(() =>
  import('../features/markets/detail-page').then((module) => module.DetailPage),
);
const TradePage = lazyPage(
  () => import('../features/trade/trade-page').then((module) => module.TradePage),
  // The pairs' schema lives with the trade screens (Home's budget has no room for it): the request
  // starts when that module arrives, before the translations and the first render are done.
  () =>
    void import('../features/trade/api/spot-api')
      .then((api) => queryClient.prefetchQuery(api.marketsQuery))
      .catch(() => undefined),
);
const SpotOrdersPage = lazyPage(() =>
  import('../features/trade/orders-page').then((module) => module.OrdersPage),
);
const ContractPage = lazyPage(() =>
  import('../features/contracts/contract-page').then((module) => module.ContractPage),
);
const ContractOrdersPage = lazyPage(() =>
  import('../features/contracts/contract-orders-page').then((module) => module.ContractOrdersPage),
);
const SecondsPage = lazyPage(() =>
  import('../features/options/seconds-page').then((module) => module.SecondsPage),
);
const SecondsOrderPage = lazyPage(() =>
  import('../features/options/seconds-order-page').then((module) => module.SecondsOrderPage),
);
const ExchangePage = lazyPage(() =>
  import('../features/exchange/exchange-page').then((module) => module.ExchangePage),
);
const FinancePage = lazyPage(() =>
  import('../features/finance/finance-page').then((module) => module.FinancePage),
);
const InvestPage = lazyPage(() =>
  import('../features/finance/invest/invest-pages').then((module) => module.InvestPage),
);
const InvestPurchasePage = lazyPage(() =>
  import('../features/finance/invest/invest-pages').then((module) => module.InvestPurchasePage),
);
const InvestMinePage = lazyPage(() =>
  import('../features/finance/invest/invest-pages').then((module) => module.InvestMinePage),
);
const InvestHelpPage = lazyPage(() =>
  import('../features/finance/invest/invest-pages').then((module) => module.InvestHelpPage),
);
const AssetsPage = lazyPage(() =>
  import('../features/assets/assets-page').then((module) => module.AssetsPage),
);
const SettingsPage = lazyPage(() =>
  import('../features/settings/settings-page').then((module) => module.SettingsPage),
);
const LoginPage = lazyPage(() => import('../features/account/login-page').then((module) => module.LoginPage));
const RegisterPage = lazyPage(() =>
  import('../features/account/register-page').then((module) => module.RegisterPage),
);
const AreaPage = lazyPage(() => import('../features/account/area-page').then((module) => module.AreaPage));
const ForgetPasswordPage = lazyPage(() =>
  import('../features/account/forget-password-page').then((module) => module.ForgetPasswordPage),
);
const UserInfoPage = lazyPage(() =>
  import('../features/account/user-info-page').then((module) => module.UserInfoPage),
);
const SecurityPage = lazyPage(() =>
  import('../features/account/security-page').then((module) => module.SecurityPage),
);
const PasswordPage = lazyPage(() =>
  import('../features/account/password-page').then((module) => module.PasswordPage),
);
const PayPasswordPage = lazyPage(() =>
  import('../features/account/pay-password-page').then((module) => module.PayPasswordPage),
);
const WalletSelectPage = lazyPage(() =>
  import('../features/wallet-login/wallet-select-page').then((module) => module.WalletSelectPage),
);
const WalletConnectPage = lazyPage(() =>
  import('../features/wallet-login/wallet-connect-page').then((module) => module.WalletConnectPage),
);
const RealPage = lazyPage(() =>
  import('../features/verification/real-page').then((module) => module.RealPage),
);
const RealMarkPage = lazyPage(() =>
  import('../features/verification/real-mark-page').then((module) => module.RealMarkPage),
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
const AssetsRecordPage = lazyPage(() =>
  import('../features/assets/assets-record-page').then((module) => module.AssetsRecordPage),
);
const AllRecordsPage = lazyPage(() =>
  import('../features/assets/all-records-page').then((module) => module.AllRecordsPage),
);
const TransferPage = lazyPage(() =>
  import('../features/assets/transfer-page').then((module) => module.TransferPage),
);
const TransferHistoryPage = lazyPage(() =>
  import('../features/assets/transfer-history-page').then((module) => module.TransferHistoryPage),
);
const BillPage = lazyPage(() => import('../features/assets/bill-page').then((module) => module.BillPage));
const DepositSelectPage = lazyPage(() =>
  import('../features/deposit/select-page').then((module) => module.DepositSelectPage),
);
const ReceivePage = lazyPage(() =>
  import('../features/deposit/receive-page').then((module) => module.ReceivePage),
);
const WithdrawPage = lazyPage(() =>
  import('../features/withdraw/withdraw-page').then((module) => module.WithdrawPage),
);
const FundRecordsPage = lazyPage(() =>
  import('../features/withdraw/records-page').then((module) => module.FundRecordsPage),
);
const WalletAddressesPage = lazyPage(() =>
  import('../features/payout-methods/wallet-addresses-page').then((module) => module.WalletAddressesPage),
);
const AddWalletPage = lazyPage(() =>
  import('../features/payout-methods/add-wallet-page').then((module) => module.AddWalletPage),
);
const BankCardPage = lazyPage(() =>
  import('../features/payout-methods/bank-card-page').then((module) => module.BankCardPage),
);
const IeoListPage = lazyPage(() =>
  import('../features/ieo/ieo-list-page').then((module) => module.IeoListPage),
);
const IeoSubscribePage = lazyPage(() =>
  import('../features/ieo/subscribe-page').then((module) => module.IeoSubscribePage),
);
const IeoOrdersPage = lazyPage(() =>
  import('../features/ieo/orders-page').then((module) => module.IeoOrdersPage),
);
const NftMarketPage = lazyPage(() =>
  import('../features/nft/market-page').then((module) => module.MarketPage),
);
const NftSearchPage = lazyPage(() =>
  import('../features/nft/market-page').then((module) => module.SearchPage),
);
const NftArtistsPage = lazyPage(() =>
  import('../features/nft/market-page').then((module) => module.ArtistsPage),
);
const NftArtworksPage = lazyPage(() =>
  import('../features/nft/market-page').then((module) => module.ArtworksPage),
);
const NftCollectionPage = lazyPage(() =>
  import('../features/nft/market-page').then((module) => module.CollectionPage),
);
const NftArtistPage = lazyPage(() =>
  import('../features/nft/artist-page').then((module) => module.ArtistPage),
);
const NftDetailPage = lazyPage(() =>
  import('../features/nft/detail-page').then((module) => module.DetailPage),
);
const NftPurchasePage = lazyPage(() =>
  import('../features/nft/purchase-page').then((module) => module.PurchasePage),
);
const NftMinePage = lazyPage(() => import('../features/nft/mine-page').then((module) => module.MinePage));
const NftResellPage = lazyPage(() =>
  import('../features/nft/resell-page').then((module) => module.ResellPage),
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
const routes: RouteObject[] = [
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
          { path: 'pages/market/search', element: MarketSearchPage },
          { path: 'pages/market/detail', element: MarketDetailPage },
          { path: 'pages/transaction/currency', element: TradePage },
          { path: 'pages/transaction/currency_order', element: SpotOrdersPage },
          { path: 'pages/transaction/contract', element: ContractPage },
          { path: 'pages/transaction/contract_order', element: ContractOrdersPage },
          { path: 'pages/transaction/seconds', element: SecondsPage },
          { path: 'pages/transaction/seconds_order', element: SecondsOrderPage },
          { path: 'pages/fund/exchange', element: ExchangePage },
          { path: 'pages/lockming/*', element: FinancePage },
          { path: 'pages/invest/invest', element: InvestPage },
          { path: 'pages/invest/purchase', element: InvestPurchasePage },
          { path: 'pages/invest/mine', element: InvestMinePage },
          { path: 'pages/invest/help', element: InvestHelpPage },
          { path: 'pages/setting/setting', element: SettingsPage },
          { path: 'pages/common/login', element: LoginPage },
          { path: 'pages/common/register', element: RegisterPage },
          { path: 'pages/common/area', element: AreaPage },
          { path: 'pages/common/forget', element: ForgetPasswordPage },
          { path: 'pages/common/wallet-select', element: WalletSelectPage },
          { path: 'pages/common/wallet-connect', element: WalletConnectPage },
          { path: 'pages/setting/userInfo', element: UserInfoPage },
          { path: 'pages/setting/security', element: SecurityPage },
          { path: 'pages/setting/password', element: PasswordPage },
          { path: 'pages/setting/payPassword', element: PayPasswordPage },
          { path: 'pages/setting/real', element: RealPage },
          { path: 'pages/setting/real_mark', element: RealMarkPage },
          { path: 'pages/common/article', element: ArticlePage },
          { path: 'pages/common/faq', element: FaqPage },
          { path: 'pages/common/aboutus', element: AboutUsPage },
          { path: 'pages/common/contactus', element: ContactUsPage },
          { path: 'pages/setting/operational_compliance', element: CompliancePage },
          { path: 'pages/fund/assets_record', element: AssetsRecordPage },
          { path: 'pages/fund/assets_all_record', element: AllRecordsPage },
          { path: 'pages/fund/transfer', element: TransferPage },
          { path: 'pages/fund/fundTransfer', element: TransferPage },
          { path: 'pages/fund/transfer_history', element: TransferHistoryPage },
          { path: 'pages/setting/bill', element: BillPage },
          { path: 'pages/fund/select', element: DepositSelectPage },
          { path: 'pages/fund/receive', element: ReceivePage },
          { path: 'pages/fund/withdraw', element: WithdrawPage },
          { path: 'pages/fund/receive_withdraw_record', element: FundRecordsPage },
          { path: 'pages/setting/wallet', element: WalletAddressesPage },
          { path: 'pages/setting/addWallet', element: AddWalletPage },
          { path: 'pages/setting/bank', element: BankCardPage },
          { path: 'pages/setting/bank_international', element: BankCardPage },
          { path: 'pages/ieo/ieo', element: IeoListPage },
          { path: 'pages/ieo/subscribe', element: IeoSubscribePage },
          { path: 'pages/ieo/order', element: IeoOrdersPage },
          { path: 'pages/nft/nft', element: NftMarketPage },
          { path: 'pages/nft/search', element: NftSearchPage },
          { path: 'pages/nft/artist', element: NftArtistsPage },
          { path: 'pages/nft/artwork', element: NftArtworksPage },
          { path: 'pages/nft/collection', element: NftCollectionPage },
          { path: 'pages/nft/artistDetail', element: NftArtistPage },
          { path: 'pages/nft/artworkDetail', element: NftDetailPage },
          { path: 'pages/nft/artworkDetail_video', element: NftDetailPage },
          { path: 'pages/nft/purchase', element: NftPurchasePage },
          { path: 'pages/nft/purchase_one', element: NftPurchasePage },
          { path: 'pages/nft/mine', element: NftMinePage },
          { path: 'pages/nft/myNft', element: NftMinePage },
          { path: 'pages/nft/resell', element: NftResellPage },
          { path: 'pages/*', element: NotAvailablePage },
          { path: '*', element: NotFoundPage },
        ],
      },
    ],
  },
];

export const router = createHashRouter(routes);

/**
 * Starts fetching the chunk of the page a hash opens (`#/pages/transaction/index?x=1`), and the
 * data its first screen needs, so that on a first visit they download while the translations load
 * rather than one after the other once the page has rendered. Fetching twice is harmless: the
 * browser loads a module once, and the page's query finds the prefetch in the cache or in flight.
 */
export function preloadPageAt(hash: string): void {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  for (const match of matchRoutes(routes, path) ?? []) {
    const element = match.route.element;
    const start = isValidElement(element) ? pageStarts.get(element.type) : undefined;
    // A failed fetch is reported by the page's own load, when it renders.
    start?.load().catch(() => undefined);
    start?.data?.();
  }
}
