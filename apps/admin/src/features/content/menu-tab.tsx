import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { type AdminMenuItem, adminMenuItemSchema, adminMenuListReplySchema } from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Switch, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { moved } from '../../lib/reorder';
import { failureText } from '../../lib/report-failure';

/** The Home shortcuts: show or hide each, and their order. */
export function MenuTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const menu = useQuery({
    queryKey: ['content', 'menu'],
    queryFn: () => call('GET', '/admin/content/menu', { schema: adminMenuListReplySchema }),
  });
  const items = menu.data ?? [];
  const attempt = async (action: () => Promise<unknown>) => {
    try {
      await action();
      void queryClient.invalidateQueries({ queryKey: ['content', 'menu'] });
    } catch (failure) {
      void message.error(failureText(failure));
    }
  };
  const move = (index: number, step: -1 | 1) =>
    attempt(() =>
      call('POST', '/admin/content/menu/order', {
        schema: adminMenuListReplySchema,
        body: { keys: moved(items, index, step).map((item) => item.key) },
      }),
    );
  return (
    <Table<AdminMenuItem>
      rowKey="id"
      size="middle"
      loading={menu.isLoading}
      dataSource={items}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: menu.error ? menu.error.message : t('review.empty') }}
      columns={[
        {
          title: t('content.order'),
          width: 96,
          render: (_, _item, index) => (
            <Flex gap={4}>
              <Button
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                onClick={() => move(index, -1)}
                aria-label={t('content.moveUp')}
              />
              <Button
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={index === items.length - 1}
                onClick={() => move(index, 1)}
                aria-label={t('content.moveDown')}
              />
            </Flex>
          ),
        },
        { title: t('content.shortcut'), render: (_, item) => <code>{item.key}</code> },
        { title: t('content.route'), dataIndex: 'route' },
        { title: t('content.icon'), dataIndex: 'icon' },
        {
          title: t('content.available'),
          render: (_, item) =>
            item.available ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('content.comingSoon')}</Tag>,
        },
        {
          title: t('content.visible'),
          render: (_, item) => (
            <Switch
              checked={item.enabled}
              onChange={(enabled) =>
                attempt(() =>
                  call('POST', '/admin/content/menu/toggle', {
                    schema: adminMenuItemSchema,
                    body: { key: item.key, enabled },
                  }),
                )
              }
            />
          ),
        },
      ]}
    />
  );
}
