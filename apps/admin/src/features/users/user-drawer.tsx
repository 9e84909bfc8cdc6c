import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import {
  adminUsersDetailRoute,
  adminUsersFreezeRoute,
  adminUsersUnfreezeRoute,
  type UserAdminAccount,
  type UserDetail,
  userAdminReasonLengthMax,
  userAdminReasonLengthMin,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Skeleton,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonPrompt } from '../../components/reason-prompt';
import { callRoute } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { failureText } from '../../lib/report-failure';
import { hasRole } from '../../lib/roles';
import { useSession } from '../../lib/session';
import { UserBill } from './user-bill';
import { UserSessions } from './user-sessions';

const accountKinds = ['change', 'legal', 'lever', 'micro'] as const;

function Balances({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const kinds = accountKinds.filter((kind) => user.balances[kind].length > 0);
  if (kinds.length === 0) return <Empty description={t('users.noBalances')} />;
  return (
    <Flex vertical gap={16}>
      {kinds.map((kind) => (
        <div key={kind}>
          <Typography.Text strong>{t(`accounts.${kind}`)}</Typography.Text>
          <Table<UserAdminAccount>
            rowKey="currency_id"
            size="small"
            pagination={false}
            dataSource={user.balances[kind]}
            style={{ marginTop: 8 }}
            columns={[
              { title: t('fields.currency'), dataIndex: 'currency' },
              {
                title: t('users.balance'),
                align: 'right',
                render: (_, row) => <span className="console-amount">{row.balance}</span>,
              },
              {
                title: t('users.available'),
                align: 'right',
                render: (_, row) => <span className="console-amount">{row.available}</span>,
              },
              {
                title: t('users.frozenAmount'),
                align: 'right',
                render: (_, row) => <span className="console-amount">{row.frozen}</span>,
              },
            ]}
          />
        </div>
      ))}
    </Flex>
  );
}

function Profile({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const levelState = (state: UserDetail['verification']['lv1']) => (
    <Flex gap={4} wrap align="center">
      <Tag>{t(`users.state.${state.state}`)}</Tag>
      {state.submitted_at !== null && (
        <Typography.Text type="secondary">{dateTime(state.submitted_at)}</Typography.Text>
      )}
      {state.reason && <Typography.Text type="danger">{state.reason}</Typography.Text>}
    </Flex>
  );
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        { key: 'id', label: t('fields.id'), children: user.id },
        {
          key: 'account',
          label: t('users.account'),
          children: <Typography.Text copyable>{user.account}</Typography.Text>,
        },
        { key: 'nickname', label: t('users.nickname'), children: user.nickname || '—' },
        { key: 'email', label: t('users.email'), children: user.email ?? '—' },
        {
          key: 'mobile',
          label: t('users.mobile'),
          children: user.mobile ? `+${user.area_code ?? ''} ${user.mobile}` : '—',
        },
        { key: 'wallet', label: t('users.wallet'), children: user.wallet_address ?? '—' },
        { key: 'level', label: t('fields.level'), children: `Lv${user.verification.level}` },
        { key: 'lv1', label: t('users.lv1'), children: levelState(user.verification.lv1) },
        { key: 'lv2', label: t('users.lv2'), children: levelState(user.verification.lv2) },
        {
          key: 'payPassword',
          label: t('users.payPassword'),
          children: user.pay_password_set ? t('yes') : t('no'),
        },
        { key: 'sessions', label: t('users.liveSessions'), children: user.live_sessions },
        {
          key: 'inviter',
          label: t('users.inviter'),
          children: user.inviter_id ? `#${user.inviter_id}` : '—',
        },
        { key: 'invitation', label: t('users.invitationCode'), children: user.invitation_code || '—' },
        {
          key: 'locked',
          label: t('users.lockedUntil'),
          children: user.locked_until && user.locked_until > Date.now() ? dateTime(user.locked_until) : '—',
        },
        { key: 'registered', label: t('users.registered'), children: dateTime(user.created_at) },
      ]}
    />
  );
}

/** One user: profile, balances, bill and sessions; support may freeze sign-in and end sessions. */
export function UserDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const roles = useSession()?.staff.roles ?? [];
  const canAct = hasRole(roles, 'support');
  const [freezing, setFreezing] = useState(false);
  const detail = useQuery({
    queryKey: ['users', 'detail', userId],
    queryFn: () => callRoute(adminUsersDetailRoute, { params: { id: userId ?? 0 } }),
    enabled: userId !== null,
  });
  const user = detail.data;
  const freeze = async (reason: string) => {
    if (!user) return;
    try {
      const reply = await callRoute(user.login_frozen ? adminUsersUnfreezeRoute : adminUsersFreezeRoute, {
        params: { user_id: user.id, reason },
      });
      void message.success(
        reply.user.login_frozen
          ? t('users.frozenDone', { sessions: reply.revoked_sessions })
          : t('users.unfrozenDone'),
      );
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    } catch (failure) {
      void message.error(failureText(failure));
      throw failure;
    }
  };
  return (
    <Drawer
      open={userId !== null}
      size="min(760px, 100vw)"
      title={user ? `#${user.id} ${user.account}` : t('users.title')}
      onClose={onClose}
      destroyOnHidden
      extra={
        user &&
        canAct && (
          <Button
            danger={!user.login_frozen}
            icon={user.login_frozen ? <UnlockOutlined /> : <LockOutlined />}
            onClick={() => setFreezing(true)}
            data-testid="user-freeze"
          >
            {user.login_frozen ? t('users.unfreeze') : t('users.freeze')}
          </Button>
        )
      }
    >
      {detail.error && <Alert type="error" showIcon title={detail.error.message} />}
      {detail.isLoading && <Skeleton active />}
      {user && (
        <>
          {user.login_frozen && (
            <Alert type="error" showIcon title={t('users.frozenBanner')} style={{ marginBottom: 16 }} />
          )}
          <Tabs
            items={[
              { key: 'profile', label: t('users.profile'), children: <Profile user={user} /> },
              { key: 'balances', label: t('users.balances'), children: <Balances user={user} /> },
              { key: 'bill', label: t('users.bill'), children: <UserBill userId={user.id} /> },
              {
                key: 'sessions',
                label: t('users.sessions'),
                children: <UserSessions userId={user.id} canAct={canAct} />,
              },
            ]}
          />
          <ReasonPrompt
            open={freezing}
            title={user.login_frozen ? t('users.unfreezeTitle') : t('users.freezeTitle')}
            okText={user.login_frozen ? t('users.unfreeze') : t('users.freeze')}
            danger={!user.login_frozen}
            lengthMin={userAdminReasonLengthMin}
            lengthMax={userAdminReasonLengthMax}
            onSubmit={freeze}
            onClose={() => setFreezing(false)}
          />
        </>
      )}
    </Drawer>
  );
}
