import { DownloadOutlined } from '@ant-design/icons';
import { type AuditEntry, auditActions, auditListReplySchema } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, download } from '../../lib/api';
import { dateTime } from '../../lib/format';

/** What the range picker hands back (a dayjs value), as far as this page uses it. */
type Day = { startOf(unit: 'day'): Day; endOf(unit: 'day'): Day; valueOf(): number };

type Filters = { staff_id?: number; action?: string; from?: number; to?: number };

function Snapshot({ value }: { value: Record<string, unknown> | null }) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  return <pre className="console-json">{JSON.stringify(value, null, 2)}</pre>;
}

/** Every staff action, newest first: who, what, before and after, with the hash chain's links. */
export function AuditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const audit = useQuery({
    queryKey: ['audit', filters, page],
    queryFn: () => call('GET', '/admin/audit', { schema: auditListReplySchema, query: { ...filters, page } }),
  });
  const apply = (values: { staff_id?: number | null; action?: string; range?: [Day, Day] | null }) => {
    setPage(1);
    setFilters({
      staff_id: values.staff_id ?? undefined,
      action: values.action,
      from: values.range?.[0]?.startOf('day').valueOf(),
      to: values.range?.[1]?.endOf('day').valueOf(),
    });
  };
  const exportCsv = () =>
    download('/admin/audit.csv', filters, 'fairex-audit.csv').catch((failure: Error) =>
      message.error(failure.message),
    );

  return (
    <Card>
      <Form layout="inline" onFinish={apply} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="staff_id" label={t('audit.staff')}>
          <InputNumber min={0} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Select
            allowClear
            showSearch
            style={{ width: 220 }}
            options={auditActions.map((action) => ({ value: action, label: action }))}
            data-testid="audit-action"
          />
        </Form.Item>
        <Form.Item name="range" label={t('audit.dates')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('audit.filter')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={exportCsv} data-testid="audit-export">
            {t('audit.export')}
          </Button>
        </Space>
      </Form>
      <Table<AuditEntry>
        rowKey="id"
        size="middle"
        loading={audit.isLoading}
        dataSource={audit.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: audit.error ? audit.error.message : t('audit.empty') }}
        pagination={{
          current: page,
          pageSize: audit.data?.page_size ?? 20,
          // The API says whether another page exists, not how many.
          total:
            (page - 1) * (audit.data?.page_size ?? 20) +
            (audit.data?.list.length ?? 0) +
            (audit.data?.has_more ? 1 : 0),
          onChange: setPage,
          showSizeChanger: false,
        }}
        onRow={(entry) => ({ 'data-testid': `audit-row-${entry.action}` }) as object}
        expandable={{
          expandedRowRender: (entry) => (
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('audit.before')}>
                <Snapshot value={entry.before} />
              </Descriptions.Item>
              <Descriptions.Item label={t('audit.after')}>
                <Snapshot value={entry.after} />
              </Descriptions.Item>
              <Descriptions.Item label={t('audit.request')}>{entry.request_id}</Descriptions.Item>
              <Descriptions.Item label={t('audit.hash')}>
                <Typography.Text code copyable>
                  {entry.hash}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('audit.prevHash')}>
                <Typography.Text code>{entry.prev_hash}</Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          ),
        }}
        columns={[
          { title: t('fields.id'), dataIndex: 'id' },
          { title: t('audit.time'), render: (_, entry) => dateTime(entry.at) },
          {
            title: t('audit.staff'),
            render: (_, entry) => (
              <Space size={4}>
                {`#${entry.staff_id}`}
                {entry.staff_roles.map((role) => (
                  <Tag key={role}>{t(`roles.${role}`, { defaultValue: role })}</Tag>
                ))}
              </Space>
            ),
          },
          { title: t('audit.action'), render: (_, entry) => <Tag color="blue">{entry.action}</Tag> },
          { title: t('audit.target'), render: (_, entry) => `${entry.target_type} #${entry.target_id}` },
          { title: t('fields.reason'), dataIndex: 'reason', render: (reason: string) => reason || '—' },
        ]}
      />
    </Card>
  );
}
