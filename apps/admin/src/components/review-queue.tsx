import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Drawer, Segmented, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../lib/api';

/** One page of a review queue, as GET /admin/<name> replies. */
export type Queue<T> = { list: T[]; page: number; total: number };

type Props<T extends { id: number; status: string }> = {
  /** e.g. "deposits": the query key. */
  name: string;
  /** The contract's list route of this queue (GET /admin/<name>). */
  listRoute: { readonly method: 'GET'; readonly path: string };
  statuses: readonly string[];
  schema: { parse(value: unknown): Queue<T> };
  columns: TableColumnsType<T>;
  /** The drawer's body for one request; `decided` refreshes the queue after a decision. */
  detail: (item: T, decided: () => void) => ReactNode;
};

/** A review queue: a status filter, 10 a page (pending oldest first), and a drawer per request. */
export function ReviewQueue<T extends { id: number; status: string }>(props: Props<T>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(props.statuses[0] ?? 'pending');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<T | null>(null);
  const queue = useQuery({
    queryKey: ['queue', props.name, status, page],
    queryFn: () => call('GET', props.listRoute.path, { schema: props.schema, query: { status, page } }),
  });
  const decided = () => {
    setSelected(null);
    void queryClient.invalidateQueries({ queryKey: ['users'] });
    void queryClient.invalidateQueries({ queryKey: ['queue'] });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };
  return (
    <Card>
      <Segmented
        value={status}
        onChange={(value) => {
          setStatus(String(value));
          setPage(1);
        }}
        options={props.statuses.map((value) => ({ value, label: t(`status.${value}`) }))}
        style={{ marginBottom: 16 }}
        data-testid="queue-status"
      />
      <Table<T>
        rowKey="id"
        size="middle"
        loading={queue.isLoading}
        dataSource={queue.data?.list ?? []}
        columns={props.columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: queue.error ? queue.error.message : t('review.empty') }}
        pagination={{ current: page, pageSize: 10, total: queue.data?.total ?? 0, onChange: setPage }}
        onRow={(item) => ({
          onClick: () => setSelected(item),
          style: { cursor: 'pointer' },
          'data-testid': `queue-row-${item.id}`,
        })}
      />
      <Drawer
        open={selected !== null}
        size="min(600px, 100vw)"
        title={selected ? t('review.requestTitle', { id: selected.id }) : ''}
        onClose={() => setSelected(null)}
        destroyOnHidden
      >
        {selected && props.detail(selected, decided)}
      </Drawer>
    </Card>
  );
}
