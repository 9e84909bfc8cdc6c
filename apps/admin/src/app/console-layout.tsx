import {
  AuditOutlined,
  BankOutlined,
  DashboardOutlined,
  ExportOutlined,
  FileTextOutlined,
  FundOutlined,
  GoldOutlined,
  IdcardOutlined,
  ImportOutlined,
  InteractionOutlined,
  LogoutOutlined,
  PictureOutlined,
  RocketOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { adminAuthLogoutRoute } from '@fairex/contract';
import { Avatar, Button, Flex, Layout, Menu, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSelect } from '../components/language-select';
import { callRoute, refreshSession } from '../lib/api';
import { canOpen, type SectionKey, sections } from '../lib/roles';
import { setSession, useSession } from '../lib/session';

const icons: Record<SectionKey, ReactNode> = {
  dashboard: <DashboardOutlined />,
  verifications: <IdcardOutlined />,
  users: <UserOutlined />,
  deposits: <ImportOutlined />,
  withdrawals: <ExportOutlined />,
  adjustments: <SwapOutlined />,
  depositAddresses: <WalletOutlined />,
  contracts: <FundOutlined />,
  mining: <GoldOutlined />,
  dual: <InteractionOutlined />,
  content: <FileTextOutlined />,
  settings: <SettingOutlined />,
  ieo: <RocketOutlined />,
  nft: <PictureOutlined />,
  audit: <AuditOutlined />,
  staff: <TeamOutlined />,
};

/** The signed-in console: a side menu of the sections the member's roles open, and a header. */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  // Once per sign-in: roles may have changed since the token was issued.
  useEffect(() => {
    void refreshSession();
  }, []);
  if (!session) return null;
  const roles = session.staff.roles;
  const open = sections.filter((section) => canOpen(roles, section));
  const current = sections.find((section) => section.path === location.pathname);
  if (current && !canOpen(roles, current)) return <Navigate to={open[0]?.path ?? '/'} replace />;

  const logout = async () => {
    await callRoute(adminAuthLogoutRoute).catch(() => undefined);
    setSession(null);
  };

  return (
    <Layout className="console-shell">
      <Layout.Sider
        breakpoint="lg"
        collapsedWidth={64}
        width={224}
        theme="dark"
        collapsed={collapsed}
        onCollapse={setCollapsed}
        className="console-sider"
      >
        <div className="console-brand" data-testid="console-brand">
          <BankOutlined />
          {!collapsed && <span>{t('brand')}</span>}
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
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
            {t(`nav.${current?.key ?? 'dashboard'}`)}
          </Typography.Title>
          <Flex gap={12} align="center" wrap>
            <Flex gap={8} align="center">
              <Avatar size="small" style={{ background: '#c99400' }}>
                {session.staff.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Tooltip title={session.staff.email}>
                <span data-testid="console-staff">{session.staff.name}</span>
              </Tooltip>
              {roles.map((role) => (
                <Tag key={role} color="gold" style={{ marginInlineEnd: 0 }}>
                  {t(`roles.${role}`)}
                </Tag>
              ))}
            </Flex>
            <LanguageSelect testId="console-language" />
            <Button size="small" icon={<LogoutOutlined />} onClick={logout} data-testid="console-logout">
              {t('logout')}
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content className="console-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
