import { adminUsersBillRoute, type BillLine, billEntryKinds } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../lib/api';
import { dateTime } from '../../lib/format';

const accountKinds = ['change', 'legal', 'lever', 'micro'] as const;

/** The user's bill as they see it, read-only, filtered by account kind and entry kind. */
export function UserBill({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [type, setType] = useState<string | undefined>(undefined);
  const [kind, setKind] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const bill = useQuery({
    queryKey: ['users', 'bill', userId, type, kind, page],
    queryFn: () => callRoute(adminUsersBillRoute, { params: { id: userId, type, kind, page } }),
  });
  const pageSize = bill.data?.page_size ?? 10;
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Select
          allowClear
          placeholder={t('fields.account')}
          style={{ width: 140 }}
          value={type}
          onChange={(value) => {
            setPage(1);
            setType(value);
          }}
          options={accountKinds.map((value) => ({ value, label: t(`accounts.${value}`) }))}
        />
        <Select
          allowClear
          placeholder={t('users.entryKind')}
          style={{ width: 180 }}
          value={kind}
          onChange={(value) => {
            setPage(1);
            setKind(value);
          }}
          options={billEntryKinds.map((value) => ({ value, label: value }))}
        />
      </Flex>
      <Table<BillLine>
        rowKey="id"
        size="small"
        loading={bill.isLoading}
        dataSource={bill.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: bill.error ? bill.error.message : t('review.empty') }}
        pagination={{
          current: page,
          pageSize,
          total: (page - 1) * pageSize + (bill.data?.list.length ?? 0) + (bill.data?.has_more ? 1 : 0),
          onChange: setPage,
          showSizeChanger: false,
          size: 'small',
        }}
        columns={[
          { title: t('audit.time'), render: (_, line) => dateTime(line.time) },
          { title: t('users.entryKind'), render: (_, line) => <Tag>{line.kind}</Tag> },
          {
            title: t('fields.account'),
            render: (_, line) => t(`accounts.${line.type}`, { defaultValue: line.type }),
          },
          {
            title: t('fields.amount'),
            align: 'right',
            render: (_, line) => (
              <Typography.Text
                className="console-amount"
                type={line.amount.startsWith('-') ? 'danger' : 'success'}
              >
                {`${line.amount} ${line.currency}`}
              </Typography.Text>
            ),
          },
          {
            title: t('users.balanceAfter'),
            align: 'right',
            render: (_, line) => <span className="console-amount">{line.balance_after}</span>,
          },
          { title: t('adjust.entry'), dataIndex: 'entry_id' },
          { title: t('users.note'), render: (_, line) => line.note ?? line.reference ?? '—' },
        ]}
      />
    </Flex>
  );
}
