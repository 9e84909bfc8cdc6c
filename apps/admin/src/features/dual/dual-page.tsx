import { EditOutlined, PlusOutlined, WalletOutlined } from '@ant-design/icons';
import {
  adminDualFundRoute,
  adminDualOrdersRoute,
  adminDualProductSaveRoute,
  adminDualProductsRoute,
  type DualProduct,
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
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../lib/api';

type ProductForm = {
  name_en: string;
  name_zh?: string;
  pair: string;
  type: 'call' | 'put';
  linked_price: string;
  annual_rate: string;
  days: number;
  /** UTC, "YYYY-MM-DDTHH:mm". */
  settle_at: string;
  unit_price: string;
  min_shares: number;
  max_shares: number;
  total_shares: number;
  active: boolean;
};

const amountPattern = /^\d{1,30}(\.\d{1,18})?$/;
const ratePattern = /^\d{1,3}(\.\d{1,6})?$/;
const pairs = ['BTC/USDT', 'ETH/USDT'];

/**
 * Dual investment products, their reserves (both currencies of the pair, with what open orders
 * reserve) and every order, read-only. Terms apply to new orders only; a reserve is funded from
 * `house` by a recorded ledger entry. Both are audited. Nothing here sets a price or an outcome.
 */
export function DualPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<DualProduct | 'new' | null>(null);
  const [funding, setFunding] = useState<DualProduct | null>(null);
  const [page, setPage] = useState(1);
  const [form] = Form.useForm<ProductForm>();
  const [fundForm] = Form.useForm<{ currency_id: number; amount: string }>();
  const products = useQuery({
    queryKey: ['dual-products'],
    queryFn: () => callRoute(adminDualProductsRoute),
  });
  const orders = useQuery({
    queryKey: ['dual-orders', page],
    queryFn: () => callRoute(adminDualOrdersRoute, { params: { page, limit: 20 } }),
  });

  const open = (product: DualProduct | 'new') => {
    setEditing(product);
    const dayMs = 86_400_000;
    const weekAhead = utcText(Math.floor(Date.now() / dayMs) * dayMs + 7 * dayMs + 8 * 3_600_000);
    form.setFieldsValue(
      product === 'new'
        ? {
            name_en: '',
            pair: 'BTC/USDT',
            type: 'call',
            linked_price: '',
            annual_rate: '0.12',
            days: 7,
            settle_at: weekAhead,
            unit_price: '0.01',
            min_shares: 1,
            max_shares: 100,
            total_shares: 1000,
            active: true,
          }
        : {
            name_en: product.names.en ?? '',
            name_zh: product.names.zh ?? '',
            pair: product.pair,
            type: product.type,
            linked_price: product.linked_price,
            annual_rate: product.annual_rate,
            days: product.days,
            settle_at: utcText(product.settle_at),
            unit_price: product.unit_price,
            min_shares: product.min_shares,
            max_shares: product.max_shares,
            total_shares: product.total_shares,
            active: product.active,
          },
    );
  };

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['dual-products'] });
    void queryClient.invalidateQueries({ queryKey: ['dual-orders'] });
  };

  const save = async (values: ProductForm) => {
    const names: Record<string, string> = {
      ...(editing && editing !== 'new' ? editing.names : {}),
      en: values.name_en.trim(),
    };
    if (values.name_zh?.trim()) names.zh = values.name_zh.trim();
    try {
      await callRoute(adminDualProductSaveRoute, {
        params: {
          ...(editing && editing !== 'new' ? { id: editing.id } : {}),
          names,
          pair: values.pair,
          type: values.type,
          linked_price: values.linked_price.trim(),
          annual_rate: values.annual_rate.trim(),
          days: values.days,
          settle_at: Date.parse(`${values.settle_at.trim()}:00Z`),
          unit_price: values.unit_price.trim(),
          min_shares: values.min_shares,
          max_shares: values.max_shares,
          total_shares: values.total_shares,
          active: values.active,
        },
      });
      void message.success(t('saved'));
      setEditing(null);
      refresh();
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const fund = async ({ currency_id, amount }: { currency_id: number; amount: string }) => {
    if (!funding) return;
    try {
      await callRoute(adminDualFundRoute, {
        params: { product_id: funding.id, currency_id, amount: amount.trim() },
      });
      void message.success(t('saved'));
      setFunding(null);
      refresh();
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const side = (row: DualProduct['reserve']['base']) =>
    t('dual.reserveFigures', {
      code: row.currency,
      balance: trim(row.balance),
      reserved: trim(row.reserved),
      available: trim(row.available),
    });

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={t('dual.products')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="dual-new">
            {t('dual.new')}
          </Button>
        }
      >
        <Alert type="info" showIcon title={t('dual.note')} style={{ marginBottom: 16 }} />
        <Table<DualProduct>
          rowKey="id"
          size="middle"
          loading={products.isLoading}
          dataSource={products.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{ emptyText: products.error ? products.error.message : t('review.empty') }}
          columns={[
            { title: '#', dataIndex: 'id' },
            {
              title: t('dual.product'),
              render: (_, row) => (
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{row.names.en ?? Object.values(row.names)[0]}</Typography.Text>
                  <Typography.Text type="secondary">
                    {row.pair} · {t(`dual.types.${row.type}`)}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: t('dual.terms'),
              render: (_, row) => (
                <Space direction="vertical" size={0}>
                  <span>
                    {row.linked_price} {row.quote_currency}
                  </span>
                  <span>
                    {row.annual_rate} · {row.days} d
                  </span>
                </Space>
              ),
            },
            {
              title: t('dual.settleAt'),
              render: (_, row) => `${utcText(row.settle_at).replace('T', ' ')} UTC`,
            },
            {
              title: t('dual.shares'),
              render: (_, row) =>
                `${row.sold_shares} / ${row.total_shares} × ${row.unit_price} ${row.invest_currency}`,
            },
            {
              title: t('dual.reserve'),
              render: (_, row) => (
                <Space direction="vertical" size={0} data-testid={`dual-reserve-${row.id}`}>
                  <Typography.Text code>{row.reserve.account}</Typography.Text>
                  <span>{side(row.reserve.base)}</span>
                  <span>{side(row.reserve.quote)}</span>
                  <Typography.Text type="secondary">
                    {t('dual.room', { shares: row.room_shares })}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: t('fields.status'),
              render: (_, row) =>
                row.ended ? (
                  <Tag>{t('dual.ended')}</Tag>
                ) : row.full ? (
                  <Tag color="warning">{t('dual.full')}</Tag>
                ) : (
                  <Tag color="success">{t('dual.open')}</Tag>
                ),
            },
            {
              title: '',
              render: (_, row) => (
                <Space>
                  <Button size="small" icon={<EditOutlined />} onClick={() => open(row)}>
                    {t('edit')}
                  </Button>
                  <Button
                    size="small"
                    icon={<WalletOutlined />}
                    onClick={() => {
                      setFunding(row);
                      fundForm.setFieldsValue({ currency_id: row.quote_currency_id, amount: '' });
                    }}
                    data-testid={`dual-fund-${row.id}`}
                  >
                    {t('dual.fund')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t('dual.orders')}>
        <Table
          rowKey="id"
          size="small"
          loading={orders.isLoading}
          dataSource={orders.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize: 20,
            total: orders.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            { title: '#', dataIndex: 'id' },
            { title: t('dual.user'), dataIndex: 'user_id' },
            { title: t('dual.product'), render: (_, row) => `${row.product_id} · ${row.pair} ${row.type}` },
            {
              title: t('dual.amount'),
              render: (_, row) => `${row.shares} × → ${trim(row.amount)} ${row.invest_currency}`,
            },
            {
              title: t('dual.settleAt'),
              render: (_, row) => `${utcText(row.settle_at).replace('T', ' ')} UTC`,
            },
            { title: t('fields.status'), render: (_, row) => <Tag>{t(`dual.states.${row.state}`)}</Tag> },
            {
              title: t('dual.tick'),
              render: (_, row) =>
                row.settle_tick ? `#${row.settle_tick.id} @ ${row.settle_tick.price}` : '—',
            },
            {
              title: t('dual.payout'),
              render: (_, row) =>
                row.payout ? `${trim(row.payout.amount)} ${row.payout.currency}` : (row.fail_reason ?? '—'),
            },
          ]}
        />
      </Card>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('dual.new') : t('edit')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('save')}
        cancelText={t('cancel')}
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('dual.termsNote')} style={{ marginBottom: 16 }} />
        <Form<ProductForm> form={form} layout="vertical" onFinish={save} preserve={false}>
          <Form.Item
            name="name_en"
            label={t('dual.nameEn')}
            rules={[{ required: true, whitespace: true, max: 60 }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="name_zh" label={t('dual.nameZh')} rules={[{ max: 60 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="pair" label={t('dual.pair')} rules={[{ required: true }]}>
            <Select options={pairs.map((value) => ({ value, label: value }))} disabled={editing !== 'new'} />
          </Form.Item>
          <Form.Item name="type" label={t('dual.type')} rules={[{ required: true }]}>
            <Radio.Group
              options={(['call', 'put'] as const).map((value) => ({
                value,
                label: t(`dual.types.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="linked_price"
            label={t('dual.linkedPrice')}
            rules={[{ required: true, pattern: amountPattern }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="annual_rate"
            label={t('dual.annualRate')}
            extra={t('dual.rateHelp')}
            rules={[{ required: true, pattern: ratePattern }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="days" label={t('dual.days')} rules={[{ required: true }]}>
            <InputNumber min={1} max={3650} precision={0} />
          </Form.Item>
          <Form.Item
            name="settle_at"
            label={t('dual.settleAt')}
            extra={t('dual.settleHelp')}
            rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/ }]}
          >
            <Input placeholder="2026-12-08T08:00" />
          </Form.Item>
          <Form.Item
            name="unit_price"
            label={t('dual.unitPrice')}
            extra={t('dual.unitHelp')}
            rules={[{ required: true, pattern: amountPattern }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="min_shares" label={t('dual.minShares')} rules={[{ required: true }]}>
            <InputNumber min={1} precision={0} />
          </Form.Item>
          <Form.Item name="max_shares" label={t('dual.maxShares')} rules={[{ required: true }]}>
            <InputNumber min={1} precision={0} />
          </Form.Item>
          <Form.Item name="total_shares" label={t('dual.totalShares')} rules={[{ required: true }]}>
            <InputNumber min={0} precision={0} />
          </Form.Item>
          <Form.Item name="active" label={t('dual.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={funding !== null}
        title={funding ? t('dual.fundTitle', { account: funding.reserve.account }) : ''}
        onCancel={() => setFunding(null)}
        onOk={() => fundForm.submit()}
        okText={t('dual.fund')}
        cancelText={t('cancel')}
        destroyOnHidden
      >
        <Form<{ currency_id: number; amount: string }>
          form={fundForm}
          layout="vertical"
          onFinish={fund}
          preserve={false}
        >
          <Form.Item name="currency_id" label={t('fields.currency')} rules={[{ required: true }]}>
            <Radio.Group
              options={
                funding
                  ? [
                      { value: funding.currency_id, label: funding.currency },
                      { value: funding.quote_currency_id, label: funding.quote_currency },
                    ]
                  : []
              }
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('dual.fundAmount')}
            extra={t('dual.fundHelp')}
            rules={[{ required: true, pattern: amountPattern }]}
          >
            <Input data-testid="dual-fund-amount" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

/** A time as "YYYY-MM-DDTHH:mm" in UTC. */
function utcText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16);
}

/** "12.500000" -> "12.5". */
function trim(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}
