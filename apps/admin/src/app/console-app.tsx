import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import frFR from 'antd/es/locale/fr_FR';
import jaJP from 'antd/es/locale/ja_JP';
import koKR from 'antd/es/locale/ko_KR';
import ptPT from 'antd/es/locale/pt_PT';
import thTH from 'antd/es/locale/th_TH';
import viVN from 'antd/es/locale/vi_VN';
import zhCN from 'antd/es/locale/zh_CN';
import zhHK from 'antd/es/locale/zh_HK';
import { useTranslation } from 'react-i18next';
import { createHashRouter, Navigate, RouterProvider } from 'react-router';
import { AdjustmentsPage } from '../features/adjustments/adjustments-page';
import { AuditPage } from '../features/audit/audit-page';
import { ContentPage } from '../features/content/content-page';
import { ContractsPage } from '../features/contracts/contracts-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { DepositAddressesPage } from '../features/deposit-addresses/deposit-addresses-page';
import { DualPage } from '../features/dual/dual-page';
import { IeoPage } from '../features/ieo/ieo-page';
import { LoginPage } from '../features/login/login-page';
import { MiningPage } from '../features/mining/mining-page';
import { NftPage } from '../features/nft/nft-page';
import { DepositsPage } from '../features/reviews/deposits-page';
import { VerificationsPage } from '../features/reviews/verifications-page';
import { WithdrawalsPage } from '../features/reviews/withdrawals-page';
import { SettingsPage } from '../features/settings/settings-page';
import { StaffPage } from '../features/staff/staff-page';
import { UsersPage } from '../features/users/users-page';
import type { ConsoleLocale } from '../lib/i18n';
import { useSession } from '../lib/session';
import { ConsoleLayout } from './console-layout';

const antdLocales = {
  en: enUS,
  zh: zhCN,
  hk: zhHK,
  jp: jaJP,
  kor: koKR,
  th: thTH,
  vi: viVN,
  fra: frFR,
  spa: esES,
  pt: ptPT,
} satisfies Record<ConsoleLocale, unknown>;

const router = createHashRouter([
  {
    path: '/',
    element: <ConsoleLayout />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'verifications', element: <VerificationsPage /> },
      { path: 'deposits', element: <DepositsPage /> },
      { path: 'withdrawals', element: <WithdrawalsPage /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'adjustments', element: <AdjustmentsPage /> },
      { path: 'deposit-addresses', element: <DepositAddressesPage /> },
      { path: 'contracts', element: <ContractsPage /> },
      { path: 'mining', element: <MiningPage /> },
      { path: 'dual', element: <DualPage /> },
      { path: 'content', element: <ContentPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'ieo', element: <IeoPage /> },
      { path: 'nft', element: <NftPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: 'staff', element: <StaffPage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

export function ConsoleApp() {
  const { i18n } = useTranslation();
  const session = useSession();
  const locale = antdLocales[(i18n.language as ConsoleLocale) ?? 'en'] ?? enUS;
  return (
    <ConfigProvider
      locale={locale}
      theme={{
        algorithm: theme.defaultAlgorithm,
        token: { colorPrimary: '#c99400', borderRadius: 6, fontSize: 14 },
      }}
    >
      <AntApp>{session ? <RouterProvider router={router} /> : <LoginPage />}</AntApp>
    </ConfigProvider>
  );
}
