import {
  adminUsersSessionsRoute,
  type UserSession,
  userAdminReasonLengthMax,
  userAdminReasonLengthMin,
  userSessionsRevokeReplySchema,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonPrompt } from '../../components/reason-prompt';
import { call, callRoute } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { failureText } from '../../lib/report-failure';

const stateColours: Record<UserSession['state'], string> = {
  live: 'green',
  expired: 'default',
  revoked: 'red',
};

/** The user's sign-in sessions (never the tokens); support ends one or all of them. */
export function UserSessions({ userId, canAct }: { userId: number; canAct: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  /** The session to end, "all", or null when no prompt is open. */
  const [revoking, setRevoking] = useState<string | null>(null);
  const sessions = useQuery({
    queryKey: ['users', 'sessions', userId],
    queryFn: () => callRoute(adminUsersSessionsRoute, { params: { id: userId } }),
  });
  const revoke = async (reason: string) => {
    try {
      const reply = await call(
        'POST',
        revoking === 'all' ? '/admin/users/sessions/revoke_all' : '/admin/users/sessions/revoke',
        {
          schema: userSessionsRevokeReplySchema,
          body: {
            user_id: userId,
            ...(revoking !== 'all' && revoking ? { session_id: revoking } : {}),
            ...(reason ? { reason } : {}),
          },
        },
      );
      void message.success(t('users.revoked', { sessions: reply.revoked }));
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    } catch (failure) {
      void message.error(failureText(failure));
      throw failure;
    }
  };
  const live = (sessions.data?.list ?? []).filter((session) => session.state === 'live').length;
  return (
    <Flex vertical gap={12}>
      {canAct && (
        <Flex justify="flex-end">
          <Button danger disabled={live === 0} onClick={() => setRevoking('all')}>
            {t('users.revokeAll')}
          </Button>
        </Flex>
      )}
      <Table<UserSession>
        rowKey="id"
        size="small"
        loading={sessions.isLoading}
        dataSource={sessions.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: sessions.error ? sessions.error.message : t('review.empty') }}
        columns={[
          { title: t('fields.id'), dataIndex: 'id', render: (id: string) => <code>{id}</code> },
          {
            title: t('fields.status'),
            render: (_, session) => (
              <Tag color={stateColours[session.state]}>{t(`users.sessionState.${session.state}`)}</Tag>
            ),
          },
          { title: t('users.signedIn'), render: (_, session) => dateTime(session.created_at) },
          { title: t('users.expires'), render: (_, session) => dateTime(session.expires_at) },
          { title: t('users.address'), render: (_, session) => session.client_address || '—' },
          ...(canAct
            ? [
                {
                  title: '',
                  render: (_: unknown, session: UserSession) =>
                    session.state === 'live' && (
                      <Button size="small" danger onClick={() => setRevoking(session.id)}>
                        {t('users.revoke')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
      <ReasonPrompt
        open={revoking !== null}
        title={revoking === 'all' ? t('users.revokeAllTitle') : t('users.revokeTitle')}
        okText={t('users.revoke')}
        danger
        required={false}
        lengthMin={userAdminReasonLengthMin}
        lengthMax={userAdminReasonLengthMax}
        onSubmit={revoke}
        onClose={() => setRevoking(null)}
      />
    </Flex>
  );
}
