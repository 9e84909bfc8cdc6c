import {
  type Adjustment,
  adjustmentAccountKinds,
  adjustmentListReplySchema,
  adjustmentSchema,
  currencyListReplySchema,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { dateTime } from '../../lib/format';

type AdjustmentForm = {
  user_id: number;
  currency_id: number;
  account_kind: string;
  amount: string;
  reason: string;
};

/**
 * The only way staff change a balance: a balanced ledger entry against the adjustments account,
 * with the reason the user reads in their bill. One Idempotency-Key per confirmed form.
 */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AdjustmentForm>();
  const [page, setPage] = useState(1);
  const currencies = useQuery({
    queryKey: ['currencies'],
    queryFn: () => call('GET', '/currency/list', { schema: currencyListReplySchema }),
  });
  const list = useQuery({
    queryKey: ['adjustments', page],
    queryFn: () => call('GET', '/admin/adjustments', { schema: adjustmentListReplySchema, query: { page } }),
  });
  const currencyOptions = [
    ...new Map((currencies.data ?? []).map((coin) => [coin.id, coin.name])).entries(),
  ].map(([value, label]) => ({ value, label }));

  const submit = (values: AdjustmentForm) => {
    const key = crypto.randomUUID();
    modal.confirm({
      title: t('adjust.confirmTitle'),
      content: t('adjust.confirmBody', { amount: values.amount, user: values.user_id }),
      okText: t('adjust.book'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          const booked = await call('POST', '/admin/adjustments', {
            schema: adjustmentSchema,
            body: { ...values },
            idempotencyKey: key,
          });
          void message.success(t('adjust.booked', { entry: booked.entry_id }));
          form.resetFields();
          void queryClient.invalidateQueries({ queryKey: ['adjustments'] });
        } catch (failure) {
          void message.error(failure instanceof Error ? failure.message : String(failure));
        }
      },
    });
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={9}>
        <Card title={t('adjust.new')}>
          <Alert type="warning" showIcon message={t('adjust.warning')} style={{ marginBottom: 16 }} />
          <Form<AdjustmentForm>
            form={form}
            layout="vertical"
            onFinish={submit}
            initialValues={{ account_kind: 'change' }}
          >
            <Form.Item name="user_id" label={t('fields.userId')} rules={[{ required: true }]}>
              <InputNumber min={1} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="currency_id" label={t('fields.currency')} rules={[{ required: true }]}>
              <Select options={currencyOptions} loading={currencies.isLoading} />
            </Form.Item>
            <Form.Item name="account_kind" label={t('fields.account')} rules={[{ required: true }]}>
              <Select
                options={adjustmentAccountKinds.map((kind) => ({
                  value: kind,
                  label: t(`accounts.${kind}`),
                }))}
              />
            </Form.Item>
            <Form.Item
              name="amount"
              label={t('fields.amount')}
              extra={t('adjust.amountHelp')}
              rules={[{ required: true, pattern: /^-?\d+(\.\d+)?$/, message: t('adjust.amountInvalid') }]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t('fields.reason')}
              extra={t('adjust.reasonHelp')}
              rules={[{ required: true, min: 3 }]}
            >
              <Input.TextArea rows={3} maxLength={1000} showCount />
            </Form.Item>
            <Button type="primary" htmlType="submit" block>
              {t('adjust.book')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={15}>
        <Card title={t('adjust.history')}>
          <Table<Adjustment>
            rowKey="id"
            size="middle"
            loading={list.isLoading}
            dataSource={list.data?.list ?? []}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page,
              pageSize: list.data?.page_size ?? 20,
              total:
                (page - 1) * (list.data?.page_size ?? 20) +
                (list.data?.list.length ?? 0) +
                (list.data?.has_more ? 1 : 0),
              onChange: setPage,
            }}
            columns={[
              { title: t('fields.id'), dataIndex: 'id' },
              { title: t('audit.time'), render: (_, item) => dateTime(item.time) },
              { title: t('fields.user'), render: (_, item) => `#${item.user_id}` },
              { title: t('fields.amount'), render: (_, item) => `${item.amount} ${item.currency}` },
              { title: t('fields.account'), render: (_, item) => t(`accounts.${item.account_kind}`) },
              { title: t('fields.reason'), dataIndex: 'reason' },
              { title: t('adjust.entry'), dataIndex: 'entry_id' },
              { title: t('audit.staff'), render: (_, item) => `#${item.staff_id}` },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
