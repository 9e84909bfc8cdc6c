import {
  type WithdrawalQueueEntry,
  withdrawalQueueEntrySchema,
  withdrawalQueueReplySchema,
  withdrawalStatuses,
} from '@fairex/contract';
import { Descriptions, type DescriptionsProps, Divider, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApprovalsTag, ApprovalsTimeline, approvedBy } from '../../components/approvals-progress';
import { DecisionBar } from '../../components/decision-bar';
import { ReviewQueue } from '../../components/review-queue';
import { StatusTag } from '../../components/status-tag';
import { call } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { useSession } from '../../lib/session';

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

function facts(item: WithdrawalQueueEntry, t: (key: string) => string): DescriptionsProps['items'] {
  return [
    { key: 'user', label: t('fields.user'), children: `#${item.user_id} ${item.account}` },
    {
      key: 'amount',
      label: t('fields.amount'),
      children: <Typography.Text strong>{`${item.amount} ${item.currency}`}</Typography.Text>,
    },
    { key: 'fee', label: t('fields.fee'), children: `${item.fee} ${item.currency}` },
    { key: 'total', label: t('fields.total'), children: `${item.total} ${item.currency}` },
    {
      key: 'destination',
      label: t('fields.destination'),
      children: <Typography.Text copyable>{destinationText(item)}</Typography.Text>,
    },
    {
      key: 'btc',
      label: t('fields.btcEquivalent'),
      children: `${item.btc_equivalent} BTC / ${t('fields.limit')} ${item.limit_btc} BTC`,
    },
    {
      key: 'status',
      label: t('fields.status'),
      children: (
        <Flex gap={4} wrap>
          <StatusTag status={item.status} />
          <ApprovalsTag item={item} />
        </Flex>
      ),
    },
    ...(item.payout
      ? [
          {
            key: 'payout',
            label: t('fields.payout'),
            children: `${t(`payout.${item.payout.status}`)} · ${item.payout.attempts}`,
          },
        ]
      : []),
    { key: 'submitted', label: t('fields.submitted'), children: dateTime(item.created_at) },
    ...(item.reason ? [{ key: 'reason', label: t('fields.reason'), children: item.reason }] : []),
  ];
}

/** Withdrawals: approval posts the hold and queues one payout; rejection releases the hold. */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const staffId = useSession()?.staff.id;
  return (
    <ReviewQueue<WithdrawalQueueEntry>
      name="withdrawals"
      statuses={withdrawalStatuses}
      schema={withdrawalQueueReplySchema}
      columns={[
        { title: t('fields.id'), dataIndex: 'id', width: 72 },
        { title: t('fields.user'), render: (_, item) => `#${item.user_id} ${item.account}` },
        {
          title: t('fields.amount'),
          align: 'right',
          render: (_, item) => <span className="console-amount">{`${item.amount} ${item.currency}`}</span>,
        },
        {
          title: t('fields.fee'),
          align: 'right',
          render: (_, item) => <span className="console-amount">{`${item.fee} ${item.currency}`}</span>,
        },
        {
          title: t('fields.status'),
          render: (_, item) => (
            <Flex gap={4} wrap>
              <StatusTag status={item.status} />
              <ApprovalsTag item={item} />
            </Flex>
          ),
        },
        { title: t('fields.submitted'), render: (_, item) => dateTime(item.created_at) },
      ]}
      detail={(item, decided) => (
        <Flex vertical gap={20}>
          <Descriptions column={1} bordered size="small" items={facts(item, t)} />
          <ApprovalsTimeline item={item} />
          {item.status === 'pending' && (
            <>
              <Divider style={{ margin: 0 }} />
              <DecisionBar
                approveNote={
                  item.approvals_required > item.approvals.length + 1
                    ? t('review.firstApprovalNote')
                    : t('review.payoutNote', { amount: `${item.amount} ${item.currency}` })
                }
                approveBlocked={approvedBy(item, staffId) ? t('review.alreadyApproved') : undefined}
                onApprove={async () => {
                  const after = await decide(item.id, 'approve');
                  decided();
                  return after.status === 'pending' ? t('review.firstApprovalDone') : undefined;
                }}
                onReject={(reason) => decide(item.id, 'reject', reason).then(decided)}
              />
            </>
          )}
        </Flex>
      )}
    />
  );
}
