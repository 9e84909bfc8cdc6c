import { Descriptions, type DescriptionsProps, Divider, Flex, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../lib/api';
import { dateTime } from '../lib/format';
import { useSession } from '../lib/session';
import { type ApprovalState, ApprovalsTag, ApprovalsTimeline, approvedBy } from './approvals-progress';
import { DecisionBar } from './decision-bar';
import { type Queue, ReviewQueue } from './review-queue';
import { StatusTag } from './status-tag';

/** What deposits and withdrawals have in common: a user's amount under the two-person rule. */
type MoneyRequest = ApprovalState & {
  id: number;
  user_id: number;
  account: string;
  amount: string;
  currency: string;
  created_at: number;
  reason: string;
};

type Facts = NonNullable<DescriptionsProps['items']>;

type Props<T extends MoneyRequest> = {
  /** "deposits" or "withdrawals": the query key. */
  name: string;
  /** The contract's routes that list the queue and decide one request. */
  listRoute: { readonly method: 'GET'; readonly path: string };
  decideRoute: { readonly method: 'POST'; readonly path: string };
  statuses: readonly string[];
  schema: { parse(value: unknown): Queue<T> };
  /** What /decide replies: the request after the decision. */
  entrySchema: { parse(value: unknown): T };
  /** Columns between the amount and the status, e.g. the chain or the fee. */
  columns: TableColumnsType<T>;
  /** Facts between the amount and the status: how the money moves. */
  terms: (item: T) => Facts;
  /** Facts after the status, e.g. what was credited; empty until there is an outcome. */
  outcome: (item: T) => Facts;
  /** Shown under the facts, e.g. the deposit voucher. */
  evidence?: (item: T) => ReactNode;
  /** The confirmation note for the approval that moves the money, given "<amount> <currency>". */
  finalApprovalNote: (amount: string) => string;
  /**
   * Extra fields of an approval that seconds the terms already approved (a deposit names the
   * amount: approvals count together only for the same terms).
   */
  secondingBody?: (approved: T['approvals'][number]) => Record<string, string>;
};

/** The status with "1 of 2 approvals" beside it while a second approval is awaited. */
function MoneyStatus({ item }: { item: MoneyRequest }) {
  return (
    <Flex gap={4} wrap>
      <StatusTag status={item.status} />
      <ApprovalsTag item={item} />
    </Flex>
  );
}

/** A deposit or withdrawal queue: the shared columns, facts and two-person decision around what differs. */
export function MoneyReviewQueue<T extends MoneyRequest>(props: Props<T>) {
  const { t } = useTranslation();
  const staffId = useSession()?.staff.id;
  const amountOf = (item: T) => `${item.amount} ${item.currency}`;
  const decide = (item: T, decision: 'approve' | 'reject', reason?: string) => {
    // A second approval confirms exactly the terms the first approver approved, shown above it.
    const approved = item.approvals[0];
    const seconding = decision === 'approve' && approved ? (props.secondingBody?.(approved) ?? {}) : {};
    return call('POST', props.decideRoute.path, {
      schema: props.entrySchema,
      body: { id: item.id, decision, ...seconding, ...(reason ? { reason } : {}) },
    });
  };
  /** What this approval approves: the first approver's terms, else the request as submitted. */
  const approvingAmount = (item: T) => {
    const approved = item.approvals[0];
    return approved ? `${approved.amount} ${approved.currency}` : amountOf(item);
  };
  const facts = (item: T): Facts => [
    { key: 'user', label: t('fields.user'), children: `#${item.user_id} ${item.account}` },
    {
      key: 'amount',
      label: t('fields.amount'),
      children: <Typography.Text strong>{amountOf(item)}</Typography.Text>,
    },
    ...props.terms(item),
    { key: 'status', label: t('fields.status'), children: <MoneyStatus item={item} /> },
    ...props.outcome(item),
    { key: 'submitted', label: t('fields.submitted'), children: dateTime(item.created_at) },
    ...(item.reason ? [{ key: 'reason', label: t('fields.reason'), children: item.reason }] : []),
  ];
  return (
    <ReviewQueue<T>
      name={props.name}
      listRoute={props.listRoute}
      statuses={props.statuses}
      schema={props.schema}
      columns={[
        { title: t('fields.id'), dataIndex: 'id', width: 72 },
        { title: t('fields.user'), render: (_, item) => `#${item.user_id} ${item.account}` },
        {
          title: t('fields.amount'),
          align: 'right',
          render: (_, item) => <span className="console-amount">{amountOf(item)}</span>,
        },
        ...props.columns,
        { title: t('fields.status'), render: (_, item) => <MoneyStatus item={item} /> },
        { title: t('fields.submitted'), render: (_, item) => dateTime(item.created_at) },
      ]}
      detail={(item, decided) => (
        <Flex vertical gap={20}>
          <Descriptions column={1} bordered size="small" items={facts(item)} />
          {props.evidence?.(item)}
          <ApprovalsTimeline item={item} />
          {item.status === 'pending' && (
            <>
              <Divider style={{ margin: 0 }} />
              <DecisionBar
                approveNote={
                  // Only the last approval needed moves money; an earlier one just records consent.
                  item.approvals_required > item.approvals.length + 1
                    ? t('review.firstApprovalNote')
                    : props.finalApprovalNote(approvingAmount(item))
                }
                approveBlocked={approvedBy(item, staffId) ? t('review.alreadyApproved') : undefined}
                onApprove={async () => {
                  const after = await decide(item, 'approve');
                  decided();
                  return after.status === 'pending' ? t('review.firstApprovalDone') : undefined;
                }}
                onReject={(reason) => decide(item, 'reject', reason).then(decided)}
              />
            </>
          )}
        </Flex>
      )}
    />
  );
}
