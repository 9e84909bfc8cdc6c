import { EditOutlined } from '@ant-design/icons';
import {
  type AdminContractTermsBody,
  adminContractTermsSaveRoute,
  type ContractInstrument,
  contractsAdminRoute,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Progress,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../lib/api';
import { hasRole } from '../../lib/roles';
import { useSession } from '../../lib/session';

type TermsForm = Omit<AdminContractTermsBody, 'currency_id'>;

const decimalPattern = /^\d{1,12}(\.\d{1,8})?$/;
const percentPattern = /^\d{1,5}(\.\d{1,4})?$/;
const multiplesPattern = /^\s*\d{1,4}(\s*,\s*\d{1,4})*\s*$/;

const refreshIntervalMs = 10_000;

/** Share of a cap in use, in percent (0 when there is no cap). */
function usedPercent(used: string, cap: string): number {
  const capValue = Number(cap);
  return capValue > 0 ? Math.min(100, Math.round((Number(used) / capValue) * 1000) / 10) : 0;
}

function formOf(instrument: ContractInstrument): TermsForm {
  return {
    contract_size: instrument.lever_share_num,
    multiples: instrument.multiples.join(','),
    spread: instrument.spread,
    lever_trade_fee: instrument.lever_trade_fee,
    close_fee: instrument.close_fee,
    overnight_fee: instrument.overnight_fee,
    maintenance: instrument.maintenance,
    liquidation_fee: instrument.liquidation_fee,
    max_profit: instrument.max_profit,
    side_cap: instrument.side_cap,
    max_tick_age: instrument.max_tick_age,
  };
}

/**
 * Contracts (issue 17): the house pool and the insurance account, and per instrument the terms
 * new positions open with, the open interest per side and its cap. Admins change an
 * instrument's terms (audited; positions already open keep theirs). Nobody, staff included, can
 * set a price, a fill or an outcome.
 */
export function ContractsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const isAdmin = hasRole(useSession()?.staff.roles ?? [], 'admin');
  const [editing, setEditing] = useState<ContractInstrument | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<TermsForm>();
  const save = async (values: TermsForm) => {
    if (!editing) return;
    setSaving(true);
    try {
      await callRoute(adminContractTermsSaveRoute, {
        params: {
          currency_id: editing.currency_id,
          contract_size: values.contract_size.trim(),
          multiples: values.multiples.trim(),
          spread: values.spread.trim(),
          lever_trade_fee: values.lever_trade_fee.trim(),
          close_fee: values.close_fee.trim(),
          overnight_fee: values.overnight_fee.trim(),
          maintenance: values.maintenance.trim(),
          liquidation_fee: values.liquidation_fee.trim(),
          max_profit: values.max_profit.trim(),
          side_cap: values.side_cap.trim(),
          max_tick_age: values.max_tick_age,
        },
      });
      void message.success(t('saved'));
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ['contracts', 'admin'] });
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };
  const decimalRule = { pattern: decimalPattern, message: t('contracts.decimalInvalid') };
  const percentRule = { pattern: percentPattern, message: t('contracts.percentInvalid') };
  const percentItem = (name: keyof TermsForm, label: string) => (
    <Form.Item name={name} label={`${label} (%)`} rules={[{ required: true }, percentRule]}>
      <Input inputMode="decimal" data-testid={`contract-terms-${name}`} />
    </Form.Item>
  );
  const view = useQuery({
    queryKey: ['contracts', 'admin'],
    queryFn: () => callRoute(contractsAdminRoute),
    refetchInterval: refreshIntervalMs,
  });
  const data = view.data;
  const side = (instrument: ContractInstrument, name: 'long' | 'short') => {
    const figures = instrument[name];
    return (
      <Flex vertical gap={2}>
        <Typography.Text>
          {figures.used} / {figures.cap}
        </Typography.Text>
        <Progress percent={usedPercent(figures.used, figures.cap)} size="small" showInfo={false} />
      </Flex>
    );
  };
  return (
    <Flex vertical gap={16} data-testid="contracts-page">
      <Typography.Title level={3}>{t('contracts.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('contracts.intro')}</Typography.Paragraph>
      {view.error && <Alert type="error" showIcon title={view.error.message} />}
      <Card loading={view.isLoading} title={t('contracts.pool')}>
        {data && (
          <Descriptions column={{ xs: 1, md: 4 }} size="small">
            <Descriptions.Item label={t('contracts.poolBalance')}>
              {data.pool.pool_balance} USDT
            </Descriptions.Item>
            <Descriptions.Item label={t('contracts.poolReserved')}>
              {data.pool.pool_reserved} USDT
            </Descriptions.Item>
            <Descriptions.Item label={t('contracts.insurance')}>
              {data.pool.insurance_balance} USDT
            </Descriptions.Item>
            <Descriptions.Item label={t('contracts.openPositions')}>{data.open_positions}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card title={t('contracts.instruments')}>
        <Table<ContractInstrument>
          rowKey="currency_id"
          size="small"
          loading={view.isLoading}
          dataSource={data?.instruments ?? []}
          pagination={{ pageSize: 15 }}
          scroll={{ x: 1100 }}
          columns={[
            {
              title: t('contracts.symbol'),
              dataIndex: 'symbol',
              render: (symbol: string, row) => (
                <Flex gap={6} align="center">
                  <Typography.Text strong>{symbol}</Typography.Text>
                  <Tag>{t(row.kind === 'stock' ? 'contracts.stock' : 'contracts.perpetual')}</Tag>
                </Flex>
              ),
            },
            { title: t('contracts.reference'), render: (_, row) => row.reference?.price ?? '—' },
            { title: t('contracts.contractSize'), dataIndex: 'lever_share_num' },
            { title: t('contracts.multiples'), render: (_, row) => row.multiples.join(', ') },
            { title: t('contracts.spread'), dataIndex: 'spread' },
            { title: t('contracts.fees'), render: (_, row) => `${row.lever_trade_fee}% / ${row.close_fee}%` },
            { title: t('contracts.overnight'), render: (_, row) => `${row.overnight_fee}%` },
            { title: t('contracts.maintenance'), render: (_, row) => `${row.maintenance}%` },
            { title: t('contracts.long'), render: (_, row) => side(row, 'long') },
            { title: t('contracts.short'), render: (_, row) => side(row, 'short') },
            {
              title: t('contracts.session'),
              render: (_, row) =>
                row.session.open ? (
                  <Tag color="green">{t('contracts.open')}</Tag>
                ) : (
                  <Tag>{t('contracts.closed')}</Tag>
                ),
            },
            ...(isAdmin
              ? [
                  {
                    title: '',
                    render: (_: unknown, row: ContractInstrument) => (
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        data-testid={`contract-terms-edit-${row.symbol}`}
                        onClick={() => {
                          form.setFieldsValue(formOf(row));
                          setEditing(row);
                        }}
                      >
                        {t('edit')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Modal
        open={editing !== null}
        title={editing ? t('contracts.editTitle', { symbol: editing.symbol }) : ''}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={saving}
        forceRender
      >
        <Alert type="warning" showIcon title={t('contracts.termsNote')} style={{ marginBottom: 16 }} />
        <Form<TermsForm> form={form} layout="vertical" onFinish={save}>
          <Form.Item
            name="contract_size"
            label={t('contracts.contractSize')}
            rules={[{ required: true }, decimalRule]}
          >
            <Input inputMode="decimal" data-testid="contract-terms-contract_size" />
          </Form.Item>
          <Form.Item
            name="multiples"
            label={t('contracts.multiples')}
            extra={t('contracts.multiplesHint')}
            rules={[{ required: true }, { pattern: multiplesPattern, message: t('contracts.multiplesHint') }]}
          >
            <Input data-testid="contract-terms-multiples" />
          </Form.Item>
          <Form.Item name="spread" label={t('contracts.spread')} rules={[{ required: true }, decimalRule]}>
            <Input inputMode="decimal" data-testid="contract-terms-spread" />
          </Form.Item>
          {percentItem('lever_trade_fee', t('contracts.openFee'))}
          {percentItem('close_fee', t('contracts.closeFee'))}
          {percentItem('overnight_fee', t('contracts.overnight'))}
          {percentItem('maintenance', t('contracts.maintenance'))}
          {percentItem('liquidation_fee', t('contracts.liquidationFee'))}
          {percentItem('max_profit', t('contracts.maxProfit'))}
          {percentItem('side_cap', t('contracts.sideCap'))}
          <Form.Item
            name="max_tick_age"
            label={t('contracts.maxTickAge')}
            rules={[{ required: true }, { type: 'integer', min: 1, max: 3600 }]}
          >
            <InputNumber min={1} max={3600} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
