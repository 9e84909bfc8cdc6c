import {
  adminDepositsDecideRoute,
  adminDepositsRoute,
  type DepositQueueEntry,
  depositQueueEntrySchema,
  depositQueueSchema,
  depositStatuses,
} from '@fairex/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoneyReviewQueue } from '../../components/money-review';
import { PrivateImage } from '../../components/private-image';

/** Deposit vouchers: approval credits the user's spot account exactly once (ledger entry deposit:<id>). */
export function DepositsPage() {
  const { t } = useTranslation();
  return (
    <MoneyReviewQueue<DepositQueueEntry>
      name="deposits"
      listRoute={adminDepositsRoute}
      decideRoute={adminDepositsDecideRoute}
      statuses={depositStatuses}
      schema={depositQueueSchema}
      entrySchema={depositQueueEntrySchema}
      columns={[{ title: t('fields.chain'), dataIndex: 'chain' }]}
      terms={(item) => [
        { key: 'chain', label: t('fields.chain'), children: item.chain },
        {
          key: 'sender',
          label: t('fields.sender'),
          children: item.sender ? <Typography.Text copyable>{item.sender}</Typography.Text> : '—',
        },
      ]}
      outcome={(item) =>
        item.credited_amount !== null
          ? [
              {
                key: 'credited',
                label: t('fields.credited'),
                children: `${item.credited_amount} ${item.currency}`,
              },
            ]
          : []
      }
      evidence={(item) => <PrivateImage path={item.voucher} label={t('fields.voucher')} />}
      finalApprovalNote={(amount) => t('review.creditNote', { amount })}
      secondingBody={(approved) => ({ amount: approved.amount })}
    />
  );
}
