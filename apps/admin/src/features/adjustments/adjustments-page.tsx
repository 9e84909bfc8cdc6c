import {
  type Adjustment,
  type AdjustmentAccountKind,
  type AdjustmentRequest,
  adjustmentAccountKinds,
  adminAdjustmentsDecideRoute,
  adminAdjustmentsGetRoute,
  adminAdjustmentsRequestsRoute,
  adminAdjustmentsRoute,
  currencyListRoute,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApprovalsTag, approvedBy } from '../../components/approvals-progress';
import { DecisionBar } from '../../components/decision-bar';
import { callRoute } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { useSession } from '../../lib/session';

type AdjustmentForm = {
  user_id: number;
  currency_id: number;
  account_kind: AdjustmentAccountKind;
  amount: string;
  reason: string;
};

/**
 * The only way staff change a balance: a balanced ledger entry against the adjustments account,
 * with the reason the user reads in their bill. One Idempotency-Key per confirmed form. Above the
 * two-person threshold the form files a request that a second staff member approves below.
 */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AdjustmentForm>();
  const [page, setPage] = useState(1);
  const [userFilter, setUserFilter] = useState<number | undefined>(undefined);
  const [booked, setBooked] = useState<Adjustment | null>(null);
  const staffId = useSession()?.staff.id;
  const pending = useQuery({
    queryKey: ['adjustment-requests'],
    queryFn: () => callRoute(adminAdjustmentsRequestsRoute, { params: { status: 'pending' } }),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['adjustments'] });
    void queryClient.invalidateQueries({ queryKey: ['adjustment-requests'] });
  };
  const decide = (item: AdjustmentRequest, decision: 'approve' | 'reject', reason?: string) =>
    callRoute(adminAdjustmentsDecideRoute, {
      params: { id: item.id, decision, ...(reason ? { reason } : {}) },
    });
  const currencies = useQuery({
    queryKey: ['currencies'],
    queryFn: () => callRoute(currencyListRoute),
  });
  const list = useQuery({
    queryKey: ['adjustments', userFilter, page],
    queryFn: () => callRoute(adminAdjustmentsGetRoute, { params: { page, user_id: userFilter } }),
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
      okButtonProps: { className: 'adjust-confirm' },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          const entry = await callRoute(adminAdjustmentsRoute, {
            params: { ...values, amount: values.amount.trim() },
            idempotencyKey: key,
          });
          if (entry.status === 'booked') {
            setBooked(entry);
            void message.success(t('adjust.booked', { entry: entry.entry_id }));
          } else {
            setBooked(null);
            void message.info(t('adjust.requested'));
          }
          form.resetFields();
          refresh();
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
          <Alert type="warning" showIcon title={t('adjust.warning')} style={{ marginBottom: 16 }} />
          <Form<AdjustmentForm>
            form={form}
            layout="vertical"
            onFinish={submit}
            initialValues={{ account_kind: 'change' }}
          >
            <Form.Item name="user_id" label={t('fields.userId')} rules={[{ required: true }]}>
              <InputNumber min={1} style={{ width: '100%' }} data-testid="adjust-user" />
            </Form.Item>
            <Form.Item name="currency_id" label={t('fields.currency')} rules={[{ required: true }]}>
              <Select
                options={currencyOptions}
                loading={currencies.isLoading}
                showSearch
                optionFilterProp="label"
                data-testid="adjust-currency"
              />
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
              <Input inputMode="decimal" data-testid="adjust-amount" />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t('fields.reason')}
              extra={t('adjust.reasonHelp')}
              rules={[{ required: true, min: 3 }]}
            >
              <Input.TextArea rows={3} maxLength={1000} showCount data-testid="adjust-reason" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block data-testid="adjust-submit">
              {t('adjust.book')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={15}>
        {booked && (
          <Card style={{ marginBottom: 16 }} data-testid="adjustment-result">
            <Alert
              type="success"
              showIcon
              title={t('adjust.booked', { entry: booked.entry_id })}
              description={t('adjust.bookedNote')}
              style={{ marginBottom: 16 }}
            />
            <Descriptions
              column={1}
              size="small"
              bordered
              items={[
                {
                  key: 'entry',
                  label: t('adjust.entry'),
                  children: <Typography.Text code>{booked.entry_id}</Typography.Text>,
                },
                { key: 'user', label: t('fields.user'), children: `#${booked.user_id}` },
                {
                  key: 'amount',
                  label: t('fields.amount'),
                  children: <Typography.Text strong>{`${booked.amount} ${booked.currency}`}</Typography.Text>,
                },
                {
                  key: 'account',
                  label: t('fields.account'),
                  children: t(`accounts.${booked.account_kind}`),
                },
                { key: 'reason', label: t('fields.reason'), children: booked.reason || '—' },
                { key: 'time', label: t('audit.time'), children: dateTime(booked.time) },
              ]}
            />
          </Card>
        )}
        {(pending.data?.list.length ?? 0) > 0 && (
          <Card
            title={t('adjust.pendingTitle')}
            style={{ marginBottom: 16 }}
            data-testid="adjustment-requests"
          >
            <Typography.Paragraph type="secondary">{t('review.twoPersonNote')}</Typography.Paragraph>
            <Table<AdjustmentRequest>
              rowKey="id"
              size="middle"
              dataSource={pending.data?.list ?? []}
              pagination={false}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: t('fields.id'), dataIndex: 'id' },
                { title: t('fields.user'), render: (_, item) => `#${item.user_id}` },
                {
                  title: t('fields.amount'),
                  align: 'right',
                  render: (_, item) => (
                    <Typography.Text
                      strong
                      className="console-amount"
                      type={item.amount.startsWith('-') ? 'danger' : 'success'}
                    >
                      {`${item.amount} ${item.currency}`}
                    </Typography.Text>
                  ),
                },
                { title: t('fields.account'), render: (_, item) => t(`accounts.${item.account_kind}`) },
                { title: t('fields.reason'), dataIndex: 'reason' },
                { title: t('adjust.requestedBy'), render: (_, item) => `#${item.requested_by}` },
                {
                  title: t('fields.status'),
                  render: (_, item) => <ApprovalsTag item={item} />,
                },
                {
                  title: '',
                  render: (_, item) => (
                    <DecisionBar
                      approveNote={t('adjust.approveNote', {
                        amount: `${item.amount} ${item.currency}`,
                        user: item.user_id,
                      })}
                      approveBlocked={approvedBy(item, staffId) ? t('review.alreadyApproved') : undefined}
                      onApprove={async () => {
                        const after = await decide(item, 'approve');
                        refresh();
                        return after.status === 'approved' ? t('adjust.approvedBooked') : undefined;
                      }}
                      onReject={(reason) => decide(item, 'reject', reason).then(refresh)}
                    />
                  ),
                },
              ]}
            />
          </Card>
        )}
        <Card
          title={t('adjust.history')}
          extra={
            <InputNumber
              min={1}
              placeholder={t('fields.userId')}
              style={{ width: 140 }}
              onChange={(value) => {
                setPage(1);
                setUserFilter(typeof value === 'number' ? value : undefined);
              }}
            />
          }
        >
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
              {
                title: t('fields.amount'),
                align: 'right',
                render: (_, item) => (
                  <Typography.Text
                    className="console-amount"
                    type={item.amount.startsWith('-') ? 'danger' : 'success'}
                  >
                    {`${item.amount} ${item.currency}`}
                  </Typography.Text>
                ),
              },
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
