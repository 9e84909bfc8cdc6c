import { PlusOutlined } from '@ant-design/icons';
import {
  type AdminIeoProjectCreateBody,
  adminIeoProjectCreateRoute,
  adminIeoProjectListRoute,
  adminIeoProjectsRoute,
  currencyListRoute,
  type IeoProject,
  localeCodes,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../lib/api';
import { dateTime } from '../../lib/format';

type ProjectForm = {
  name: string;
  symbol: string;
  scale: number;
  currency_id: number;
  price: string;
  issuance: string;
  min_per_user: string;
  max_per_user: string;
  starts_at: string;
  ends_at: string;
  lock_days: number;
  listing_at: string;
  logo?: string;
  whitepaper?: string;
  website?: string;
  descriptions?: Partial<Record<string, string>>;
};

const stateColour: Record<IeoProject['state'], string> = {
  warmup: 'gold',
  in_progress: 'green',
  finished: 'default',
};

type ListingForm = { reference_price: string; maker_inventory: string };

/** Tokens the allocation left in the issuance account (decimal text at the token's scale). */
function unallocatedOf(row: IeoProject): string {
  const scale = row.token_scale;
  const units = (text: string) => {
    const [whole = '0', fraction = ''] = text.split('.');
    return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  };
  const rest = units(row.issuance) - units(row.allocated_total ?? '0');
  const digits = rest.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** A `datetime-local` value (the browser's time zone) as Unix milliseconds. */
function millisecondsOf(local: string): number {
  return new Date(local).getTime();
}

/**
 * IEO projects: their state, applications and allocation result (read-only once run), and a new
 * project. Terms cannot change after creation; the allocation is computed by the server at the
 * end of the subscription by the published rule, and nobody can set it.
 */
export function IeoPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<ProjectForm>();
  const [listing, setListing] = useState<IeoProject | null>(null);
  const [listForm] = Form.useForm<ListingForm>();
  const projects = useQuery({ queryKey: ['ieo-projects'], queryFn: () => callRoute(adminIeoProjectsRoute) });
  const currencies = useQuery({ queryKey: ['currencies'], queryFn: () => callRoute(currencyListRoute) });
  const currencyOptions = [
    ...new Map((currencies.data ?? []).map((coin) => [coin.id, coin.name])).entries(),
  ].map(([value, label]) => ({ value, label }));

  const create = async (values: ProjectForm) => {
    const descriptions = Object.fromEntries(
      Object.entries(values.descriptions ?? {}).filter(
        (entry): entry is [string, string] => !!entry[1]?.trim(),
      ),
    );
    const body: AdminIeoProjectCreateBody = {
      name: values.name.trim(),
      symbol: values.symbol.trim().toUpperCase(),
      scale: values.scale,
      logo: values.logo?.trim() ?? '',
      whitepaper: values.whitepaper?.trim() ?? '',
      website: values.website?.trim() ?? '',
      descriptions,
      prices: [{ currency_id: values.currency_id, price: values.price.trim() }],
      issuance: values.issuance.trim(),
      min_per_user: values.min_per_user.trim(),
      max_per_user: values.max_per_user.trim(),
      starts_at: millisecondsOf(values.starts_at),
      ends_at: millisecondsOf(values.ends_at),
      lock_days: values.lock_days,
      listing_at: millisecondsOf(values.listing_at),
    };
    setSaving(true);
    try {
      await callRoute(adminIeoProjectCreateRoute, { params: body });
      void message.success(t('saved'));
      setCreating(false);
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['ieo-projects'] });
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  const list = async (project: IeoProject, values: ListingForm) => {
    setSaving(true);
    try {
      await callRoute(adminIeoProjectListRoute, {
        params: {
          project_id: project.id,
          reference_price: values.reference_price.trim(),
          maker_inventory: values.maker_inventory?.trim() || '0',
        },
      });
      void message.success(t('saved'));
      setListing(null);
      listForm.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['ieo-projects'] });
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  const required = [{ required: true, message: t('ieo.required') }];
  const amountRule = [...required, { pattern: /^\d+(\.\d+)?$/, message: t('ieo.amountInvalid') }];
  return (
    <Card
      title={t('nav.ieo')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="ieo-new"
        >
          {t('ieo.new')}
        </Button>
      }
    >
      <Alert type="info" showIcon title={t('ieo.rule')} style={{ marginBottom: 16 }} />
      <Table<IeoProject>
        rowKey="id"
        size="middle"
        loading={projects.isLoading}
        dataSource={projects.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: projects.error ? projects.error.message : t('ieo.empty') }}
        columns={[
          {
            title: t('ieo.project'),
            render: (_, row) => (
              <span>
                <Typography.Text strong>{row.name}</Typography.Text>{' '}
                <Typography.Text code>{row.symbol}</Typography.Text>
              </span>
            ),
          },
          {
            title: t('fields.status'),
            render: (_, row) => <Tag color={stateColour[row.state]}>{t(`ieo.state.${row.state}`)}</Tag>,
          },
          {
            title: t('ieo.window'),
            render: (_, row) => `${dateTime(row.starts_at)} – ${dateTime(row.ends_at)}`,
          },
          {
            title: t('ieo.price'),
            render: (_, row) => row.prices.map((price) => `${price.price} ${price.currency}`).join(', '),
          },
          { title: t('ieo.issuance'), render: (_, row) => `${row.issuance} ${row.symbol}` },
          { title: t('ieo.applications'), dataIndex: 'applications' },
          { title: t('ieo.requested'), render: (_, row) => `${row.requested_total} ${row.symbol}` },
          {
            title: t('ieo.allocation'),
            render: (_, row) =>
              row.allocated_at === null ? (
                <Typography.Text type="secondary">
                  {t('ieo.pending', { time: dateTime(row.ends_at) })}
                </Typography.Text>
              ) : (
                t('ieo.allocated', {
                  total: `${row.allocated_total} ${row.symbol}`,
                  passes: row.passes ?? 0,
                  time: dateTime(row.allocated_at),
                })
              ),
          },
          {
            title: t('ieo.release'),
            render: (_, row) =>
              row.released_at === null
                ? dateTime(row.release_at)
                : t('ieo.released', { time: dateTime(row.released_at) }),
          },
          {
            title: t('ieo.listing'),
            render: (_, row) =>
              row.listed_at !== null ? (
                t('ieo.listed', {
                  symbol: row.listing_symbol,
                  price: row.listing_reference,
                  inventory: `${row.maker_inventory} ${row.symbol}`,
                })
              ) : row.allocated_at !== null && row.now >= row.listing_at ? (
                <Button size="small" onClick={() => setListing(row)} data-testid={`ieo-list-${row.id}`}>
                  {t('ieo.listOpen')}
                </Button>
              ) : (
                <Typography.Text type="secondary">
                  {t('ieo.listingFrom', { time: dateTime(row.listing_at) })}
                </Typography.Text>
              ),
          },
        ]}
      />
      <Modal
        open={listing !== null}
        title={listing ? t('ieo.listTitle', { symbol: listing.symbol }) : ''}
        okText={t('ieo.listConfirm')}
        okButtonProps={{ danger: true, id: 'ieo-list-confirm' }}
        cancelText={t('cancel')}
        confirmLoading={saving}
        onOk={() => listForm.submit()}
        onCancel={() => setListing(null)}
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('ieo.listWarning')} style={{ marginBottom: 16 }} />
        {listing ? (
          <Form<ListingForm>
            form={listForm}
            layout="vertical"
            onFinish={(values) => void list(listing, values)}
            initialValues={{ maker_inventory: '0' }}
          >
            <Form.Item name="reference_price" label={t('ieo.referencePrice')} rules={amountRule}>
              <Input inputMode="decimal" data-testid="ieo-list-reference" />
            </Form.Item>
            <Form.Item
              name="maker_inventory"
              label={t('ieo.makerInventory')}
              extra={t('ieo.makerInventoryHelp', { max: `${unallocatedOf(listing)} ${listing.symbol}` })}
              rules={amountRule}
            >
              <Input inputMode="decimal" data-testid="ieo-list-inventory" />
            </Form.Item>
          </Form>
        ) : null}
      </Modal>
      <Modal
        open={creating}
        title={t('ieo.new')}
        okText={t('ieo.create')}
        cancelText={t('cancel')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setCreating(false)}
        width={640}
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('ieo.createWarning')} style={{ marginBottom: 16 }} />
        <Form<ProjectForm>
          form={form}
          layout="vertical"
          onFinish={(values) => void create(values)}
          initialValues={{ scale: 2, lock_days: 0, currency_id: 3 }}
        >
          <Form.Item name="name" label={t('ieo.name')} rules={required}>
            <Input maxLength={60} data-testid="ieo-name" />
          </Form.Item>
          <Form.Item
            name="symbol"
            label={t('ieo.symbol')}
            rules={[...required, { pattern: /^[A-Za-z][A-Za-z0-9]{1,11}$/, message: t('ieo.symbolInvalid') }]}
          >
            <Input maxLength={12} data-testid="ieo-symbol" />
          </Form.Item>
          <Form.Item name="scale" label={t('ieo.scale')} rules={required}>
            <InputNumber min={0} max={18} precision={0} />
          </Form.Item>
          <Form.Item name="currency_id" label={t('ieo.payCurrency')} rules={required}>
            <Select options={currencyOptions} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="price" label={t('ieo.price')} rules={amountRule}>
            <Input data-testid="ieo-price" />
          </Form.Item>
          <Form.Item name="issuance" label={t('ieo.issuance')} rules={amountRule}>
            <Input />
          </Form.Item>
          <Form.Item name="min_per_user" label={t('ieo.min')} rules={amountRule}>
            <Input />
          </Form.Item>
          <Form.Item name="max_per_user" label={t('ieo.max')} rules={amountRule}>
            <Input />
          </Form.Item>
          <Form.Item name="starts_at" label={t('ieo.startsAt')} rules={required}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="ends_at" label={t('ieo.endsAt')} rules={required}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="lock_days" label={t('ieo.lockDays')} rules={required}>
            <InputNumber min={0} max={3650} precision={0} />
          </Form.Item>
          <Form.Item name="listing_at" label={t('ieo.listingAt')} rules={required}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="logo" label={t('ieo.logo')}>
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name="whitepaper" label={t('ieo.whitepaper')}>
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name="website" label={t('ieo.website')}>
            <Input maxLength={500} />
          </Form.Item>
          <Typography.Text strong>{t('ieo.description')}</Typography.Text>
          <Tabs
            size="small"
            items={localeCodes.map((locale) => ({
              key: locale,
              label: locale,
              forceRender: true,
              children: (
                <Form.Item name={['descriptions', locale]}>
                  <Input.TextArea rows={4} maxLength={5000} />
                </Form.Item>
              ),
            }))}
          />
        </Form>
      </Modal>
    </Card>
  );
}
