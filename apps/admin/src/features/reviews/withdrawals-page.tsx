import {
  adminWithdrawalsDecideRoute,
  adminWithdrawalsRoute,
  type WithdrawalQueueEntry,
  withdrawalQueueEntrySchema,
  withdrawalQueueReplySchema,
  withdrawalStatuses,
} from '@fairex/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoneyReviewQueue } from '../../components/money-review';

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
    <MoneyReviewQueue<WithdrawalQueueEntry>
      name="withdrawals"
      listRoute={adminWithdrawalsRoute}
      decideRoute={adminWithdrawalsDecideRoute}
      statuses={withdrawalStatuses}
      schema={withdrawalQueueReplySchema}
      entrySchema={withdrawalQueueEntrySchema}
      columns={[
        {
          title: t('fields.fee'),
          align: 'right',
          render: (_, item) => <span className="console-amount">{`${item.fee} ${item.currency}`}</span>,
        },
      ]}
      terms={(item) => [
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
      ]}
      outcome={(item) =>
        item.payout
          ? [
              {
                key: 'payout',
                label: t('fields.payout'),
                children: `${t(`payout.${item.payout.status}`)} · ${item.payout.attempts}`,
              },
            ]
          : []
      }
      finalApprovalNote={(amount) => t('review.payoutNote', { amount })}
    />
  );
}
