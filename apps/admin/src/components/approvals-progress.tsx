import { Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../lib/format';

/** What a money request's two-person rule needs: the approvals so far and how many are required. */
export type ApprovalState = {
  status: string;
  /** The approvals that count now: all of the same terms (the server drops superseded ones). */
  approvals: readonly {
    staff_id: number;
    name: string;
    at: number;
    amount: string;
    currency: string;
    destination: string;
  }[];
  approvals_required: number;
};

/** "1 of 2 approvals" for a pending request that needs more than one; nothing otherwise. */
export function ApprovalsTag({ item }: { item: ApprovalState }) {
  const { t } = useTranslation();
  if (item.approvals_required < 2 || item.status !== 'pending') return null;
  return (
    <Tag color={item.approvals.length > 0 ? 'orange' : 'default'} data-testid="approvals-tag">
      {t('review.approvals', { given: item.approvals.length, required: item.approvals_required })}
    </Tag>
  );
}

/** The drawer's account of who approved when, under the two-person rule. */
export function ApprovalsTimeline({ item }: { item: ApprovalState }) {
  const { t } = useTranslation();
  if (item.approvals_required < 2) return null;
  return (
    <div>
      <Typography.Text strong>
        {t('review.approvals', { given: item.approvals.length, required: item.approvals_required })}
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('review.twoPersonNote')}
      </Typography.Paragraph>
      {item.approvals.length > 0 && (
        <Timeline
          items={item.approvals.map((approval) => ({
            color: 'green',
            content: (
              <span data-testid="approval-terms">
                {t('review.approvedBy', {
                  staff: `${approval.staff_id}${approval.name ? ` ${approval.name}` : ''}`,
                  time: dateTime(approval.at),
                })}
                <br />
                <Typography.Text strong>
                  {t('review.approvedTerms', {
                    amount: `${approval.amount} ${approval.currency}`,
                    destination: approval.destination,
                  })}
                </Typography.Text>
              </span>
            ),
          }))}
        />
      )}
    </div>
  );
}

/** Whether this staff member has already given one of the approvals (a second must be someone else). */
export function approvedBy(item: ApprovalState, staffId: number | undefined): boolean {
  return staffId !== undefined && item.approvals.some((approval) => approval.staff_id === staffId);
}
