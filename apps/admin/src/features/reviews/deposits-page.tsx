import {
  type DepositQueueEntry,
  depositQueueEntrySchema,
  depositQueueSchema,
  depositStatuses,
} from '@fairex/contract';
import { Descriptions, Divider, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecisionBar } from '../../components/decision-bar';
import { PrivateImage } from '../../components/private-image';
import { ReviewQueue } from '../../components/review-queue';
import { StatusTag } from '../../components/status-tag';
import { call } from '../../lib/api';
import { dateTime } from '../../lib/format';

function decide(id: number, decision: 'approve' | 'reject', reason?: string) {
  return call('POST', '/admin/deposits/decide', {
    schema: depositQueueEntrySchema,
    body: { id, decision, ...(reason ? { reason } : {}) },
  });
}

/** Deposit vouchers: approval credits the user's spot account exactly once (ledger entry deposit:<id>). */
export function DepositsPage() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<DepositQueueEntry>
      name="deposits"
      statuses={depositStatuses}
      schema={depositQueueSchema}
      columns={[
        { title: t('fields.id'), dataIndex: 'id' },
        { title: t('fields.user'), render: (_, item) => `#${item.user_id} ${item.account}` },
        { title: t('fields.amount'), render: (_, item) => `${item.amount} ${item.currency}` },
        { title: t('fields.chain'), dataIndex: 'chain' },
        { title: t('fields.status'), render: (_, item) => <StatusTag status={item.status} /> },
        { title: t('fields.submitted'), render: (_, item) => dateTime(item.created_at) },
      ]}
      detail={(item, decided) => (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item
              label={t('fields.user')}
            >{`#${item.user_id} ${item.account}`}</Descriptions.Item>
            <Descriptions.Item label={t('fields.amount')}>
              <Typography.Text strong>{`${item.amount} ${item.currency}`}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.chain')}>{item.chain}</Descriptions.Item>
            <Descriptions.Item label={t('fields.sender')}>{item.sender || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.status')}>
              <StatusTag status={item.status} />
            </Descriptions.Item>
            {item.credited_amount !== null && (
              <Descriptions.Item
                label={t('fields.credited')}
              >{`${item.credited_amount} ${item.currency}`}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('fields.submitted')}>{dateTime(item.created_at)}</Descriptions.Item>
            {item.reason ? (
              <Descriptions.Item label={t('fields.reason')}>{item.reason}</Descriptions.Item>
            ) : null}
          </Descriptions>
          <PrivateImage path={item.voucher} label={t('fields.voucher')} />
          {item.status === 'pending' && (
            <>
              <Divider style={{ margin: 0 }} />
              <DecisionBar
                approveNote={t('review.creditNote', { amount: `${item.amount} ${item.currency}` })}
                onApprove={() => decide(item.id, 'approve').then(decided)}
                onReject={(reason) => decide(item.id, 'reject', reason).then(decided)}
              />
            </>
          )}
        </Space>
      )}
    />
  );
}
