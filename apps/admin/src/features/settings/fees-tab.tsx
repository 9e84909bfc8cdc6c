import { EditOutlined } from '@ant-design/icons';
import {
  type AdminSpotFees,
  type AdminWithdrawalFees,
  adminContentSpotFeesRoute,
  adminContentSpotFeesUpdateRoute,
  adminContentWithdrawalFeesRoute,
  adminContentWithdrawalFeesUpdateRoute,
  adminContentWithdrawalLimitsUpdateRoute,
} from '@fairex/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRoute } from '../../lib/api';
import { failureText } from '../../lib/report-failure';

type CurrencyTerms = AdminWithdrawalFees['currencies'][number];
type LevelLimit = AdminWithdrawalFees['limits'][number];
/** What is being edited: one pair's rates, one currency's terms, or one level's limit. */
type Editing =
  | { kind: 'spot'; row: AdminSpotFees }
  | { kind: 'withdrawal'; row: CurrencyTerms }
  | { kind: 'limit'; row: LevelLimit };
type EditForm = Record<string, string>;

/** 0 up to (not including) 0.5, at most 8 decimals. */
const ratePattern = /^0(\.[0-4]\d{0,7})?$/;
const decimalPattern = /^\d+(\.\d+)?$/;

/** "0.001" as "0.1 %": rates are fractions on the wire, percentages on screen. */
function percentText(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const digits = `${whole}${fraction.padEnd(2, '0')}`;
  const cut = whole.length + 2;
  const integer = digits.slice(0, cut).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(cut).replace(/0+$/, '');
  return `${integer}${rest ? `.${rest}` : ''} %`;
}

/**
 * Spot fee rates per pair, withdrawal minimum and fee per currency, and the 24-hour withdrawal
 * limit per verification level. Every change applies from now on only (orders and requests keep
 * what they were made with) and is audited.
 */
export function FeesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<EditForm>();
  const fees = useQuery({
    queryKey: ['settings', 'fees'],
    queryFn: () => callRoute(adminContentSpotFeesRoute),
  });
  const withdrawal = useQuery({
    queryKey: ['settings', 'withdrawal-fees'],
    queryFn: () => callRoute(adminContentWithdrawalFeesRoute),
  });

  const open = (next: Editing) => {
    setEditing(next);
    form.setFieldsValue(
      next.kind === 'spot'
        ? { maker_fee_rate: next.row.maker_fee_rate, taker_fee_rate: next.row.taker_fee_rate }
        : next.kind === 'withdrawal'
          ? { withdraw_min: next.row.withdraw_min, withdraw_fee: next.row.withdraw_fee }
          : { limit_btc: next.row.limit_btc },
    );
  };

  const save = async (values: EditForm) => {
    if (!editing) return;
    try {
      if (editing.kind === 'spot') {
        await callRoute(adminContentSpotFeesUpdateRoute, {
          params: {
            instrument_id: editing.row.instrument_id,
            maker_fee_rate: values.maker_fee_rate ?? '',
            taker_fee_rate: values.taker_fee_rate ?? '',
          },
        });
      } else if (editing.kind === 'withdrawal') {
        await callRoute(adminContentWithdrawalFeesUpdateRoute, {
          params: {
            currency_id: editing.row.currency_id,
            withdraw_min: values.withdraw_min ?? '',
            withdraw_fee: values.withdraw_fee ?? '',
          },
        });
      } else {
        await callRoute(adminContentWithdrawalLimitsUpdateRoute, {
          params: { level: editing.row.level, limit_btc: values.limit_btc ?? '' },
        });
      }
      void message.success(t('saved'));
      void queryClient.invalidateQueries({ queryKey: ['settings'] });
      setEditing(null);
    } catch (failure) {
      void message.error(failureText(failure));
    }
  };

  const rateRule = { required: true, pattern: ratePattern, message: t('settings.rateInvalid') };
  const decimalRule = { required: true, pattern: decimalPattern, message: t('settings.decimalInvalid') };
  const editButton = (label: string, next: Editing) => (
    <Button size="small" icon={<EditOutlined />} aria-label={label} onClick={() => open(next)}>
      {t('edit')}
    </Button>
  );

  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('settings.feesFromNow')} />
      <Card size="small" title={t('settings.spotFees')}>
        <Table<AdminSpotFees>
          rowKey="instrument_id"
          size="small"
          loading={fees.isLoading}
          dataSource={fees.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: fees.error ? fees.error.message : t('review.empty') }}
          columns={[
            {
              title: t('settings.symbol'),
              render: (_, row) => <Typography.Text strong>{row.symbol}</Typography.Text>,
            },
            { title: t('settings.maker'), render: (_, row) => percentText(row.maker_fee_rate) },
            { title: t('settings.taker'), render: (_, row) => percentText(row.taker_fee_rate) },
            { title: t('settings.band'), render: (_, row) => `± ${percentText(row.price_band)}` },
            {
              title: t('fields.status'),
              render: (_, row) => (
                <Tag color={row.status === 'trading' ? 'green' : 'orange'}>{t(`settings.${row.status}`)}</Tag>
              ),
            },
            {
              title: '',
              render: (_, row) => editButton(`${t('edit')} ${row.symbol}`, { kind: 'spot', row }),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('settings.withdrawalFees')}>
        <Table<CurrencyTerms>
          rowKey="currency_id"
          size="small"
          loading={withdrawal.isLoading}
          pagination={false}
          dataSource={withdrawal.data?.currencies ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: withdrawal.error ? withdrawal.error.message : t('review.empty') }}
          columns={[
            { title: t('fields.currency'), dataIndex: 'code' },
            { title: t('settings.withdrawMin'), dataIndex: 'withdraw_min' },
            { title: t('fields.fee'), dataIndex: 'withdraw_fee' },
            {
              title: '',
              render: (_, row) => editButton(`${t('edit')} ${row.code}`, { kind: 'withdrawal', row }),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('settings.limits')}>
        <Table<LevelLimit>
          rowKey="level"
          size="small"
          loading={withdrawal.isLoading}
          pagination={false}
          dataSource={withdrawal.data?.limits ?? []}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('settings.level'), render: (_, row) => `Lv${row.level}` },
            { title: t('settings.limitBtc'), render: (_, row) => `${row.limit_btc} BTC` },
            {
              title: '',
              render: (_, row) => editButton(`${t('edit')} Lv${row.level}`, { kind: 'limit', row }),
            },
          ]}
        />
      </Card>
      <Modal
        open={editing !== null}
        destroyOnHidden
        title={
          editing?.kind === 'spot'
            ? editing.row.symbol
            : editing?.kind === 'withdrawal'
              ? editing.row.code
              : editing
                ? `Lv${editing.row.level}`
                : ''
        }
        okText={t('save')}
        cancelText={t('cancel')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
      >
        <Form<EditForm> form={form} layout="vertical" onFinish={save} preserve={false}>
          {editing?.kind === 'spot' && (
            <>
              <Form.Item
                name="maker_fee_rate"
                label={t('settings.maker')}
                extra={t('settings.rateHelp')}
                rules={[rateRule]}
              >
                <Input inputMode="decimal" />
              </Form.Item>
              <Form.Item name="taker_fee_rate" label={t('settings.taker')} rules={[rateRule]}>
                <Input inputMode="decimal" />
              </Form.Item>
            </>
          )}
          {editing?.kind === 'withdrawal' && (
            <>
              <Form.Item name="withdraw_min" label={t('settings.withdrawMin')} rules={[decimalRule]}>
                <Input inputMode="decimal" suffix={editing.row.code} />
              </Form.Item>
              <Form.Item name="withdraw_fee" label={t('fields.fee')} rules={[decimalRule]}>
                <Input inputMode="decimal" suffix={editing.row.code} />
              </Form.Item>
            </>
          )}
          {editing?.kind === 'limit' && (
            <Form.Item name="limit_btc" label={t('settings.limitBtc')} rules={[decimalRule]}>
              <Input inputMode="decimal" suffix="BTC" />
            </Form.Item>
          )}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('settings.fromNowHelp')}
          </Typography.Paragraph>
        </Form>
      </Modal>
    </Flex>
  );
}
