import {
  type AdminMenuItem,
  adminContentMenuOrderRoute,
  adminContentMenuRoute,
  adminContentMenuToggleRoute,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReorderableTable } from '../../components/reorderable-table';
import { callRoute } from '../../lib/api';
import { failureText } from '../../lib/report-failure';

/** The Home shortcuts: show or hide each, and their order. */
export function MenuTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const menu = useQuery({
    queryKey: ['content', 'menu'],
    queryFn: () => callRoute(adminContentMenuRoute),
  });
  const attempt = async (action: () => Promise<unknown>) => {
    try {
      await action();
      void queryClient.invalidateQueries({ queryKey: ['content', 'menu'] });
    } catch (failure) {
      void message.error(failureText(failure));
    }
  };
  const saveOrder = (next: AdminMenuItem[]) =>
    attempt(() => callRoute(adminContentMenuOrderRoute, { params: { keys: next.map((item) => item.key) } }));
  return (
    <ReorderableTable<AdminMenuItem>
      list={menu}
      onReorder={saveOrder}
      columns={[
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
                attempt(() => callRoute(adminContentMenuToggleRoute, { params: { key: item.key, enabled } }))
              }
            />
          ),
        },
      ]}
    />
  );
}
