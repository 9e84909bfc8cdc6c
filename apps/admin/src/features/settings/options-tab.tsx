import {
  adminOptionPoolFundRoute,
  adminOptionTermsRoute,
  adminOptionTermUpdateRoute,
  type OptionTermView,
  optionPoolRoute,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../lib/api';
import { failureText } from '../../lib/report-failure';

type TermForm = {
  match_id: number;
  seconds: number;
  profit_rate: string;
  min_number: string;
  max_number: string;
  enabled: boolean;
};

const termsKey = ['settings', 'options-terms'] as const;
const poolKey = ['settings', 'options-pool'] as const;

/**
 * Seconds options: the pool (balance, what open orders reserve, its cap) and its funding from
 * the house account; the terms per pair and duration. Changes apply to new orders only and are
 * audited; nothing here touches an order, a price or an outcome.
 */
export function OptionsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TermForm | null>(null);
  const [funding, setFunding] = useState('');
  const [form] = Form.useForm<TermForm>();
  const terms = useQuery({ queryKey: termsKey, queryFn: () => callRoute(adminOptionTermsRoute) });
  const pool = useQuery({ queryKey: poolKey, queryFn: () => callRoute(optionPoolRoute) });

  const edit = (row: OptionTermView | null) => {
    const next: TermForm = row
      ? {
          match_id: row.match_id,
          seconds: row.seconds,
          profit_rate: row.profit_rate,
          min_number: row.min_number,
          max_number: row.max_number,
          enabled: true,
        }
      : {
          match_id: 1,
          seconds: 60,
          profit_rate: '0.85',
          min_number: '10',
          max_number: '10000',
          enabled: true,
        };
    setEditing(next);
    form.setFieldsValue(next);
  };

  const save = async () => {
    const values = await form.validateFields();
    try {
      await callRoute(adminOptionTermUpdateRoute, { params: values });
      void message.success(t('saved'));
      setEditing(null);
      await queryClient.invalidateQueries({ queryKey: termsKey });
    } catch (failure) {
      void message.error(failureText(failure));
    }
  };

  const fund = async () => {
    const currency = pool.data?.[0];
    if (!currency || !funding) return;
    try {
      await callRoute(adminOptionPoolFundRoute, {
        params: { currency_id: currency.currency_id, number: funding },
      });
      void message.success(t('saved'));
      setFunding('');
      await queryClient.invalidateQueries({ queryKey: poolKey });
    } catch (failure) {
      void message.error(failureText(failure));
    }
  };

  return (
    <Flex vertical gap={16} data-testid="options-settings">
      <Card title={t('options.pool')} loading={pool.isLoading}>
        {(pool.data ?? []).map((row) => (
          <Descriptions key={row.currency_id} size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('options.balance')}>
              {row.balance} {row.currency_name}
            </Descriptions.Item>
            <Descriptions.Item label={t('options.exposure')}>
              {row.exposure} {row.currency_name}
            </Descriptions.Item>
            <Descriptions.Item label={t('options.cap')}>{row.cap}</Descriptions.Item>
            <Descriptions.Item label={t('options.openOrders')}>{row.open_orders}</Descriptions.Item>
            <Descriptions.Item label={t('options.termCap')}>{row.term_cap}</Descriptions.Item>
            {row.terms
              .filter((term) => !/^0(\.0+)?$/.test(term.exposure))
              .map((term) => (
                <Descriptions.Item
                  key={`${term.match_id}-${term.seconds}`}
                  label={t('options.termUsage', { symbol: term.symbol, seconds: term.seconds })}
                >
                  {term.exposure} / {term.limit} {row.currency_name}
                </Descriptions.Item>
              ))}
          </Descriptions>
        ))}
        <Flex gap={8} wrap>
          <Input
            style={{ maxWidth: 200 }}
            value={funding}
            onChange={(event) => setFunding(event.target.value)}
            placeholder={t('options.fundAmount')}
          />
          <Button onClick={() => void fund()}>{t('options.fund')}</Button>
        </Flex>
        <Typography.Text type="secondary">{t('options.fundHelp')}</Typography.Text>
      </Card>
      <Card
        title={t('options.terms')}
        extra={<Button onClick={() => edit(null)}>{t('options.newTerm')}</Button>}
      >
        <Typography.Paragraph type="secondary">{t('options.termsHelp')}</Typography.Paragraph>
        <Table
          size="small"
          rowKey={(row) => `${row.match_id}:${row.seconds}`}
          loading={terms.isLoading}
          dataSource={terms.data ?? []}
          scroll={{ x: true }}
          pagination={false}
          columns={[
            { title: t('options.pair'), dataIndex: 'symbol' },
            { title: t('options.seconds'), dataIndex: 'seconds' },
            { title: t('options.rate'), dataIndex: 'profit_rate' },
            { title: t('options.min'), dataIndex: 'min_number' },
            { title: t('options.max'), dataIndex: 'max_number' },
            {
              title: '',
              key: 'edit',
              render: (_, row) => <Button onClick={() => edit(row)}>{t('edit')}</Button>,
            },
          ]}
        />
      </Card>
      <Modal
        open={editing !== null}
        title={t('options.editTerm')}
        okText={t('save')}
        cancelText={t('cancel')}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="match_id" label={t('options.pairId')} rules={[{ required: true }]}>
            <InputNumber min={1} />
          </Form.Item>
          <Form.Item name="seconds" label={t('options.seconds')} rules={[{ required: true }]}>
            <InputNumber min={1} max={86_400} />
          </Form.Item>
          <Form.Item name="profit_rate" label={t('options.rate')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="min_number" label={t('options.min')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="max_number" label={t('options.max')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="enabled" label={t('options.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
