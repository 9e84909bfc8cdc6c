import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Flex, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { moved } from '../lib/reorder';

type Props<T extends { id: number }> = {
  /** The list in display order. */
  list: UseQueryResult<T[]>;
  /** The columns after the order column. */
  columns: TableColumnsType<T>;
  /** Saves the whole list in its new order (the server takes the full order, not one move). */
  onReorder: (next: T[]) => unknown;
};

/** A table in display order, each row with buttons that move it one place up or down. */
export function ReorderableTable<T extends { id: number }>({ list, columns, onReorder }: Props<T>) {
  const { t } = useTranslation();
  const items = list.data ?? [];
  const move = (index: number, step: -1 | 1) => onReorder(moved(items, index, step));
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      loading={list.isLoading}
      dataSource={items}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: list.error ? list.error.message : t('review.empty') }}
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
        ...columns,
      ]}
    />
  );
}
