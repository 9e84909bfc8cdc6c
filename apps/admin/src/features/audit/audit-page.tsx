import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  type AuditEntry,
  adminAuditRoute,
  adminStaffRoute,
  auditActions,
  auditTargetTypes,
} from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute, download } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { diffSnapshots } from '../../lib/json-diff';

/** What the range picker hands back (a dayjs value), as far as this page uses it. */
type Day = { startOf(unit: 'day'): Day; endOf(unit: 'day'): Day; valueOf(): number };

type Filters = {
  staff_id?: number;
  action?: string;
  target_type?: string;
  target_id?: string;
  from?: number;
  to?: number;
};
type FilterForm = {
  staff_id?: number | null;
  action?: string;
  target_type?: string;
  target_id?: string;
  range?: [Day, Day] | null;
};

/** Before and after, key by key: removed lines red, added lines green, the rest plain. */
function SnapshotDiff({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const lines = diffSnapshots(entry.before, entry.after);
  if (lines.length === 0) return <Typography.Text type="secondary">{t('audit.noSnapshot')}</Typography.Text>;
  return (
    <pre className="console-json" data-testid="audit-diff">
      {lines.flatMap((line) => {
        if (line.kind === 'same') {
          return [<div key={line.key} className="console-json-line">{`  ${line.key}: ${line.after}`}</div>];
        }
        const out = [];
        if (line.before !== undefined) {
          out.push(
            <div key={`${line.key}-`} className="console-json-line is-removed">
              {`- ${line.key}: ${line.before}`}
            </div>,
          );
        }
        if (line.after !== undefined) {
          out.push(
            <div key={`${line.key}+`} className="console-json-line is-added">
              {`+ ${line.key}: ${line.after}`}
            </div>,
          );
        }
        return out;
      })}
    </pre>
  );
}

/** Every staff action, newest first: who, what, before and after, with the hash chain's links. */
export function AuditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const audit = useQuery({
    queryKey: ['audit', filters, page],
    queryFn: () => callRoute(adminAuditRoute, { params: { ...filters, page } }),
  });
  const staff = useQuery({
    queryKey: ['staff'],
    queryFn: () => callRoute(adminStaffRoute),
  });
  const staffName = new Map<number, string>([
    [0, t('audit.demoStaff')],
    ...(staff.data?.list ?? []).map((member): [number, string] => [member.id, member.name]),
  ]);
  const actorOptions = [
    { value: 0, label: `#0 ${t('audit.demoStaff')}` },
    ...(staff.data?.list ?? []).map((member) => ({
      value: member.id,
      label: `#${member.id} ${member.name}`,
    })),
  ];
  const apply = (values: FilterForm) => {
    setPage(1);
    setFilters({
      staff_id: values.staff_id ?? undefined,
      action: values.action,
      target_type: values.target_type,
      target_id: values.target_id?.trim() || undefined,
      from: values.range?.[0]?.startOf('day').valueOf(),
      // `to` is exclusive: the first millisecond after the last chosen day.
      to: values.range ? values.range[1].endOf('day').valueOf() + 1 : undefined,
    });
  };
  const exportCsv = () =>
    download('/admin/audit.csv', filters, 'fairex-audit.csv').catch((failure: Error) =>
      message.error(failure.message),
    );
  const pageSize = audit.data?.page_size ?? 20;

  return (
    <Card>
      <Form<FilterForm> layout="inline" onFinish={apply} className="console-filters">
        <Form.Item name="staff_id" label={t('audit.actor')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 180 }}
            options={actorOptions}
          />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Select
            allowClear
            showSearch
            style={{ width: 210 }}
            options={auditActions.map((action) => ({ value: action, label: action }))}
            data-testid="audit-action"
          />
        </Form.Item>
        <Form.Item name="target_type" label={t('audit.target')}>
          <Select
            allowClear
            style={{ width: 150 }}
            options={auditTargetTypes.map((type) => ({ value: type, label: type }))}
          />
        </Form.Item>
        <Form.Item name="target_id">
          <Input placeholder={t('audit.targetId')} style={{ width: 110 }} allowClear />
        </Form.Item>
        <Form.Item name="range" label={t('audit.dates')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('audit.filter')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={exportCsv} data-testid="audit-export">
            {t('audit.export')}
          </Button>
        </Flex>
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
          pageSize,
          // The API says whether another page exists, not how many.
          total: (page - 1) * pageSize + (audit.data?.list.length ?? 0) + (audit.data?.has_more ? 1 : 0),
          onChange: setPage,
          showSizeChanger: false,
        }}
        onRow={(entry) => ({ 'data-testid': `audit-row-${entry.action}` }) as object}
        expandable={{
          expandedRowRender: (entry) => (
            <Descriptions
              column={1}
              size="small"
              bordered
              items={[
                { key: 'diff', label: t('audit.change'), children: <SnapshotDiff entry={entry} /> },
                { key: 'request', label: t('audit.request'), children: entry.request_id },
                {
                  key: 'hash',
                  label: t('audit.hash'),
                  children: (
                    <Typography.Text code copyable>
                      {entry.hash}
                    </Typography.Text>
                  ),
                },
                {
                  key: 'prev',
                  label: t('audit.prevHash'),
                  children: <Typography.Text code>{entry.prev_hash}</Typography.Text>,
                },
              ]}
            />
          ),
        }}
        columns={[
          { title: t('fields.id'), dataIndex: 'id', width: 72 },
          { title: t('audit.time'), render: (_, entry) => dateTime(entry.at) },
          {
            title: t('audit.actor'),
            render: (_, entry) => (
              <Flex gap={4} wrap align="center">
                <span>{`#${entry.staff_id} ${staffName.get(entry.staff_id) ?? ''}`}</span>
                {entry.staff_roles.map((role) => (
                  <Tag key={role}>{t(`roles.${role}`, { defaultValue: role })}</Tag>
                ))}
              </Flex>
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
