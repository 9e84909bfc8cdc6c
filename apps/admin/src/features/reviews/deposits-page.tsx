import {
  type DepositQueueEntry,
  depositQueueEntrySchema,
  depositQueueSchema,
  depositStatuses,
} from '@fairex/contract';
import { Descriptions, type DescriptionsProps, Divider, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApprovalsTag, ApprovalsTimeline, approvedBy } from '../../components/approvals-progress';
import { DecisionBar } from '../../components/decision-bar';
import { PrivateImage } from '../../components/private-image';
import { ReviewQueue } from '../../components/review-queue';
import { StatusTag } from '../../components/status-tag';
import { call } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { useSession } from '../../lib/session';

function decide(id: number, decision: 'approve' | 'reject', reason?: string) {
  return call('POST', '/admin/deposits/decide', {
    schema: depositQueueEntrySchema,
    body: { id, decision, ...(reason ? { reason } : {}) },
  });
}

function facts(item: DepositQueueEntry, t: (key: string) => string): DescriptionsProps['items'] {
  return [
    { key: 'user', label: t('fields.user'), children: `#${item.user_id} ${item.account}` },
    {
      key: 'amount',
      label: t('fields.amount'),
      children: <Typography.Text strong>{`${item.amount} ${item.currency}`}</Typography.Text>,
    },
    { key: 'chain', label: t('fields.chain'), children: item.chain },
    {
      key: 'sender',
      label: t('fields.sender'),
      children: item.sender ? <Typography.Text copyable>{item.sender}</Typography.Text> : '—',
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
    ...(item.credited_amount !== null
      ? [
          {
            key: 'credited',
            label: t('fields.credited'),
            children: `${item.credited_amount} ${item.currency}`,
          },
        ]
      : []),
    { key: 'submitted', label: t('fields.submitted'), children: dateTime(item.created_at) },
    ...(item.reason ? [{ key: 'reason', label: t('fields.reason'), children: item.reason }] : []),
  ];
}

/** Deposit vouchers: approval credits the user's spot account exactly once (ledger entry deposit:<id>). */
export function DepositsPage() {
  const { t } = useTranslation();
  const staffId = useSession()?.staff.id;
  return (
    <ReviewQueue<DepositQueueEntry>
      name="deposits"
      statuses={depositStatuses}
      schema={depositQueueSchema}
      columns={[
        { title: t('fields.id'), dataIndex: 'id', width: 72 },
        { title: t('fields.user'), render: (_, item) => `#${item.user_id} ${item.account}` },
        {
          title: t('fields.amount'),
          align: 'right',
          render: (_, item) => <span className="console-amount">{`${item.amount} ${item.currency}`}</span>,
        },
        { title: t('fields.chain'), dataIndex: 'chain' },
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
          <PrivateImage path={item.voucher} label={t('fields.voucher')} />
          <ApprovalsTimeline item={item} />
          {item.status === 'pending' && (
            <>
              <Divider style={{ margin: 0 }} />
              <DecisionBar
                approveNote={
                  item.approvals_required > item.approvals.length + 1
                    ? t('review.firstApprovalNote')
                    : t('review.creditNote', { amount: `${item.amount} ${item.currency}` })
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
