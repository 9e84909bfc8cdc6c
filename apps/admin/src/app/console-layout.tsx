import {
  AuditOutlined,
  BankOutlined,
  DashboardOutlined,
  ExportOutlined,
  IdcardOutlined,
  ImportOutlined,
  LogoutOutlined,
  SwapOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Button, Layout, Menu, Select, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { call, textReply } from '../lib/api';
import { type ConsoleLocale, consoleLocales, setConsoleLocale } from '../lib/i18n';
import { canOpen, type SectionKey, sections } from '../lib/roles';
import { setSession, useSession } from '../lib/session';

const icons: Record<SectionKey, ReactNode> = {
  dashboard: <DashboardOutlined />,
  verifications: <IdcardOutlined />,
  deposits: <ImportOutlined />,
  withdrawals: <ExportOutlined />,
  adjustments: <SwapOutlined />,
  audit: <AuditOutlined />,
  staff: <TeamOutlined />,
};

export function ConsoleLayout() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  if (!session) return null;
  const roles = session.staff.roles;
  const open = sections.filter((section) => canOpen(roles, section));
  const current = sections.find((section) => section.path === location.pathname);
  if (current && !canOpen(roles, current)) return <Navigate to={open[0]?.path ?? '/'} replace />;

  const logout = async () => {
    await call('POST', '/admin/auth/logout', { schema: textReply }).catch(() => undefined);
    setSession(null);
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider breakpoint="lg" collapsedWidth={64} width={220} theme="dark">
        <div className="console-brand" data-testid="console-brand">
          <BankOutlined /> <span>{t('brand')}</span>
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[current?.key ?? 'dashboard']}
          items={open.map((section) => ({
            key: section.key,
            icon: icons[section.key],
            label: <span data-testid={`nav-${section.key}`}>{t(`nav.${section.key}`)}</span>,
            onClick: () => navigate(section.path),
          }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t(`nav.${current?.key ?? 'dashboard'}`)}
          </Typography.Title>
          <Space wrap>
            <span data-testid="console-staff">{session.staff.name}</span>
            {roles.map((role) => (
              <Tag key={role} color="gold">
                {t(`roles.${role}`)}
              </Tag>
            ))}
            <Select
              size="small"
              value={i18n.language as ConsoleLocale}
              style={{ width: 130 }}
              aria-label={t('language')}
              data-testid="console-language"
              onChange={(locale: ConsoleLocale) => setConsoleLocale(locale)}
              options={Object.entries(consoleLocales).map(([code, locale]) => ({
                value: code,
                label: locale.label,
              }))}
            />
            <Button icon={<LogoutOutlined />} onClick={logout} data-testid="console-logout">
              {t('logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="console-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
