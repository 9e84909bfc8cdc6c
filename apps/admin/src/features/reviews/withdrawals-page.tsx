import {
  type WithdrawalQueueEntry,
  withdrawalQueueEntrySchema,
  withdrawalQueueReplySchema,
  withdrawalStatuses,
} from '@fairex/contract';
import { Descriptions, Divider, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecisionBar } from '../../components/decision-bar';
import { ReviewQueue } from '../../components/review-queue';
import { StatusTag } from '../../components/status-tag';
import { call } from '../../lib/api';
import { dateTime } from '../../lib/format';

function decide(id: number, decision: 'approve' | 'reject', reason?: string) {
  return call('POST', '/admin/withdrawals/decide', {
    schema: withdrawalQueueEntrySchema,
    body: { id, decision, ...(reason ? { reason } : {}) },
  });
}

function destinationText(item: WithdrawalQueueEntry): string {
  const destination = item.destination;
  return destination.kind === 'address'
    ? `${destination.address}${destination.chain ? ` (${destination.chain})` : ''}`
    : `${destination.real_name} · ${destination.region}`;
}

/** Withdrawals: approval posts the hold and queues one payout; rejection releases the hold. */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<WithdrawalQueueEntry>
      name="withdrawals"
      statuses={withdrawalStatuses}
      schema={withdrawalQueueReplySchema}
      columns={[
        { title: t('fields.id'), dataIndex: 'id' },
        { title: t('fields.user'), render: (_, item) => `#${item.user_id} ${item.account}` },
        { title: t('fields.amount'), render: (_, item) => `${item.amount} ${item.currency}` },
        { title: t('fields.fee'), render: (_, item) => `${item.fee} ${item.currency}` },
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
            <Descriptions.Item label={t('fields.fee')}>{`${item.fee} ${item.currency}`}</Descriptions.Item>
            <Descriptions.Item
              label={t('fields.total')}
            >{`${item.total} ${item.currency}`}</Descriptions.Item>
            <Descriptions.Item label={t('fields.destination')}>
              <Typography.Text copyable>{destinationText(item)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.btcEquivalent')}>
              {`${item.btc_equivalent} BTC / ${t('fields.limit')} ${item.limit_btc} BTC`}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.status')}>
              <StatusTag status={item.status} />
            </Descriptions.Item>
            {item.payout && (
              <Descriptions.Item label={t('fields.payout')}>
                {`${t(`payout.${item.payout.status}`)} · ${item.payout.attempts}`}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('fields.submitted')}>{dateTime(item.created_at)}</Descriptions.Item>
            {item.reason ? (
              <Descriptions.Item label={t('fields.reason')}>{item.reason}</Descriptions.Item>
            ) : null}
          </Descriptions>
          {item.status === 'pending' && (
            <>
              <Divider style={{ margin: 0 }} />
              <DecisionBar
                approveNote={t('review.payoutNote', { amount: `${item.amount} ${item.currency}` })}
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
