import { SearchOutlined } from '@ant-design/icons';
import { adminUsersRoute, type UserSummary } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { UserDrawer } from './user-drawer';

function LevelTag({ level }: { level: number }) {
  const colours = ['default', 'blue', 'geekblue'];
  return <Tag color={colours[level] ?? 'default'}>{`Lv${level}`}</Tag>;
}

/** Find a user by id, e-mail, phone, nickname or wallet; open one to read and act. */
export function UsersPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const users = useQuery({
    queryKey: ['users', 'search', query, page],
    queryFn: () => callRoute(adminUsersRoute, { params: { q: query, page } }),
  });
  const pageSize = users.data?.page_size ?? 20;
  return (
    <Card>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          enterButton={<SearchOutlined />}
          placeholder={t('users.searchPlaceholder')}
          style={{ maxWidth: 420 }}
          onSearch={(value) => {
            setPage(1);
            setQuery(value.trim());
          }}
          data-testid="users-search"
        />
      </Flex>
      <Table<UserSummary>
        rowKey="id"
        size="middle"
        loading={users.isLoading}
        dataSource={users.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: users.error ? users.error.message : t('review.empty') }}
        pagination={{
          current: page,
          pageSize,
          total: (page - 1) * pageSize + (users.data?.list.length ?? 0) + (users.data?.has_more ? 1 : 0),
          onChange: setPage,
          showSizeChanger: false,
        }}
        onRow={(user) => ({
          onClick: () => setSelected(user.id),
          style: { cursor: 'pointer' },
          'data-testid': `user-row-${user.id}`,
        })}
        columns={[
          { title: t('fields.id'), dataIndex: 'id', width: 72 },
          { title: t('users.account'), dataIndex: 'account' },
          { title: t('users.nickname'), dataIndex: 'nickname' },
          { title: t('users.email'), render: (_, user) => user.email ?? '—' },
          {
            title: t('users.mobile'),
            render: (_, user) => (user.mobile ? `+${user.area_code ?? ''} ${user.mobile}` : '—'),
          },
          { title: t('fields.level'), render: (_, user) => <LevelTag level={user.verification_level} /> },
          {
            title: t('fields.status'),
            render: (_, user) =>
              user.login_frozen ? (
                <Tag color="red">{t('users.frozen')}</Tag>
              ) : (
                <Tag color="green">{t('users.normal')}</Tag>
              ),
          },
          { title: t('users.registered'), render: (_, user) => dateTime(user.created_at) },
        ]}
      />
      <UserDrawer userId={selected} onClose={() => setSelected(null)} />
    </Card>
  );
}
