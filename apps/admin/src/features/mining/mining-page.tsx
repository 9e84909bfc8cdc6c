import { EditOutlined, PlusOutlined, WalletOutlined } from '@ant-design/icons';
import {
  adminMiningFundRoute,
  adminMiningProductSaveRoute,
  adminMiningProductsRoute,
  currencyListRoute,
  type MiningProduct,
} from '@fairex/contract';
import { miningCategories } from '@fairex/domain';
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
  category: MiningProduct['category'];
  name_en: string;
  name_zh?: string;
  currency_id: number;
  daily_rate: string;
  days: number;
  min_amount: string;
  max_amount: string;
  capacity: string;
  dividend_minute: number;
  penalty_rate: string;
  active: boolean;
};

const amountPattern = /^\d{1,30}(\.\d{1,18})?$/;
const ratePattern = /^\d{1,3}(\.\d{1,6})?$/;

/**
 * Mining products (lock, cloud, DeFi) and their reserves. Terms apply to new subscriptions only;
 * a reserve is funded from `house` by a recorded ledger entry. Both are audited.
 */
export function MiningPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<MiningProduct | 'new' | null>(null);
  const [funding, setFunding] = useState<MiningProduct | null>(null);
  const [form] = Form.useForm<ProductForm>();
  const [fundForm] = Form.useForm<{ amount: string }>();
  const products = useQuery({
    queryKey: ['mining-products'],
    queryFn: () => callRoute(adminMiningProductsRoute),
  });
  const currencies = useQuery({
    queryKey: ['currencies'],
    queryFn: () => callRoute(currencyListRoute),
  });
  const currencyOptions = [
    ...new Map((currencies.data ?? []).map((coin) => [coin.id, coin.name])).entries(),
  ].map(([value, label]) => ({ value, label }));

  const open = (product: MiningProduct | 'new') => {
    setEditing(product);
    form.setFieldsValue(
      product === 'new'
        ? {
            category: 'lock',
            name_en: '',
            currency_id: currencyOptions.find((option) => option.label === 'USDT')?.value ?? 3,
            daily_rate: '0.004',
            days: 5,
            min_amount: '100',
            max_amount: '50000',
            capacity: '1000000',
            dividend_minute: 0,
            penalty_rate: '0.004',
            active: true,
          }
        : {
            category: product.category,
            name_en: product.names.en ?? '',
            name_zh: product.names.zh ?? '',
            currency_id: product.currency_id,
            daily_rate: product.daily_rate,
            days: product.days,
            min_amount: product.min_amount,
            max_amount: product.max_amount,
            capacity: product.capacity,
            dividend_minute: product.dividend_minute,
            penalty_rate: product.penalty_rate,
            active: product.active,
          },
    );
  };

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['mining-products'] });

  const save = async (values: ProductForm) => {
    const names: Record<string, string> = {
      ...(editing && editing !== 'new' ? editing.names : {}),
      en: values.name_en.trim(),
    };
    if (values.name_zh?.trim()) names.zh = values.name_zh.trim();
    try {
      await callRoute(adminMiningProductSaveRoute, {
        params: {
          ...(editing && editing !== 'new' ? { id: editing.id } : {}),
          category: values.category,
          names,
          currency_id: values.currency_id,
          daily_rate: values.daily_rate.trim(),
          days: values.days,
          min_amount: values.min_amount.trim(),
          max_amount: values.max_amount.trim(),
          capacity: values.capacity.trim(),
          dividend_minute: values.dividend_minute,
          penalty_rate: values.penalty_rate.trim(),
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

  const fund = async ({ amount }: { amount: string }) => {
    if (!funding) return;
    try {
      await callRoute(adminMiningFundRoute, { params: { product_id: funding.id, amount: amount.trim() } });
      void message.success(t('saved'));
      setFunding(null);
      refresh();
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Card
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="mining-new">
          {t('mining.new')}
        </Button>
      }
    >
      <Alert type="info" showIcon title={t('mining.note')} style={{ marginBottom: 16 }} />
      <Table<MiningProduct>
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
            title: t('mining.product'),
            render: (_, row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{row.names.en ?? Object.values(row.names)[0]}</Typography.Text>
                <Typography.Text type="secondary">{t(`mining.categories.${row.category}`)}</Typography.Text>
              </Space>
            ),
          },
          { title: t('mining.dailyRate'), render: (_, row) => `${row.daily_rate} · ${row.days} d` },
          {
            title: t('mining.limits'),
            render: (_, row) => `${trim(row.min_amount)} – ${trim(row.max_amount)} ${row.currency}`,
          },
          {
            title: t('mining.subscribed'),
            render: (_, row) => `${trim(row.subscribed)} / ${trim(row.capacity)}`,
          },
          {
            title: t('mining.reserve'),
            render: (_, row) => (
              <Space direction="vertical" size={0} data-testid={`mining-reserve-${row.id}`}>
                <Typography.Text code>{row.reserve.account}</Typography.Text>
                <span>
                  {t('mining.reserveFigures', {
                    balance: trim(row.reserve.balance),
                    reserved: trim(row.reserve.reserved),
                    available: trim(row.reserve.available),
                  })}
                </span>
              </Space>
            ),
          },
          {
            title: t('fields.status'),
            render: (_, row) =>
              !row.active ? (
                <Tag>{t('mining.inactive')}</Tag>
              ) : row.full ? (
                <Tag color="warning">{t('mining.full')}</Tag>
              ) : (
                <Tag color="success">{t('mining.open')}</Tag>
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
                    fundForm.resetFields();
                  }}
                  data-testid={`mining-fund-${row.id}`}
                >
                  {t('mining.fund')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('mining.new') : t('edit')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('save')}
        cancelText={t('cancel')}
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('mining.termsNote')} style={{ marginBottom: 16 }} />
        <Form<ProductForm> form={form} layout="vertical" onFinish={save} preserve={false}>
          <Form.Item name="category" label={t('mining.category')} rules={[{ required: true }]}>
            <Select
              options={miningCategories.map((value) => ({ value, label: t(`mining.categories.${value}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="name_en"
            label={t('mining.nameEn')}
            rules={[{ required: true, whitespace: true, max: 60 }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="name_zh" label={t('mining.nameZh')} rules={[{ max: 60 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="currency_id" label={t('fields.currency')} rules={[{ required: true }]}>
            <Select options={currencyOptions} disabled={editing !== 'new'} />
          </Form.Item>
          <Form.Item
            name="daily_rate"
            label={t('mining.dailyRate')}
            extra={t('mining.rateHelp')}
            rules={[{ required: true, pattern: ratePattern }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="days" label={t('mining.days')} rules={[{ required: true }]}>
            <InputNumber min={1} max={3650} precision={0} />
          </Form.Item>
          <Form.Item
            name="min_amount"
            label={t('mining.min')}
            rules={[{ required: true, pattern: amountPattern }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="max_amount"
            label={t('mining.max')}
            rules={[{ required: true, pattern: amountPattern }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="capacity"
            label={t('mining.capacity')}
            rules={[{ required: true, pattern: amountPattern }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="dividend_minute" label={t('mining.dividendMinute')} rules={[{ required: true }]}>
            <InputNumber min={0} max={1439} precision={0} />
          </Form.Item>
          <Form.Item
            name="penalty_rate"
            label={t('mining.penaltyRate')}
            rules={[{ required: true, pattern: ratePattern }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="active" label={t('mining.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={funding !== null}
        title={funding ? t('mining.fundTitle', { account: funding.reserve.account }) : ''}
        onCancel={() => setFunding(null)}
        onOk={() => fundForm.submit()}
        okText={t('mining.fund')}
        cancelText={t('cancel')}
        destroyOnHidden
      >
        <Form<{ amount: string }> form={fundForm} layout="vertical" onFinish={fund} preserve={false}>
          <Form.Item
            name="amount"
            label={t('mining.fundAmount', { code: funding?.currency ?? '' })}
            extra={t('mining.fundHelp')}
            rules={[{ required: true, pattern: amountPattern }]}
          >
            <Input data-testid="mining-fund-amount" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

/** "12.500000" -> "12.5". */
function trim(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}
