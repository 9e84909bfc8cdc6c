import {
  type AdminSpotFees,
  adminSpotFeesListReplySchema,
  adminWithdrawalFeesSchema,
} from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';

/** Spot pair fees and price bands, and withdrawal fees and minimums: read-only, as they run now. */
export function FeesTab() {
  const { t } = useTranslation();
  const fees = useQuery({
    queryKey: ['settings', 'fees'],
    queryFn: () => call('GET', '/admin/content/spot-fees', { schema: adminSpotFeesListReplySchema }),
  });
  const withdrawal = useQuery({
    queryKey: ['settings', 'withdrawal-fees'],
    queryFn: () => call('GET', '/admin/content/withdrawal-fees', { schema: adminWithdrawalFeesSchema }),
  });
  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('settings.feesReadOnly')} />
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
            { title: t('settings.maker'), dataIndex: 'maker_fee_rate' },
            { title: t('settings.taker'), dataIndex: 'taker_fee_rate' },
            { title: t('settings.band'), dataIndex: 'price_band' },
            {
              title: t('fields.status'),
              render: (_, row) => (
                <Tag color={row.status === 'trading' ? 'green' : 'orange'}>{t(`settings.${row.status}`)}</Tag>
              ),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('settings.withdrawalFees')}>
        <Table
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
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('settings.limitsNote')}
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}
