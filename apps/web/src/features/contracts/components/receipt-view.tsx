import type { ContractReceipt } from '@fairex/contract';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../lib/use-date-time';
import { receiptVerified } from '../contract-rules';

/** The order receipt fields are shown in: inputs as the settlement reads them, then the outcome. */
const fieldOrder = [
  'reason',
  'side',
  'lots',
  'open_price',
  'reference_price',
  'tick_id',
  'contract_size',
  'spread',
  'margin',
  'max_payout',
  'close_fee_ppm',
  'liquidation_fee_ppm',
  'day',
  'notional',
  'overnight_ppm',
  'margin_before',
  'money_scale',
  'close_price',
  'profit',
  'close_fee',
  'liquidation_fee',
  'pool_to_user',
  'user_to_pool',
  'insurance_to_pool',
  'returned',
  'fee',
  'margin_after',
];

function ordered(fields: Readonly<Record<string, string>>): [string, string][] {
  const rank = (key: string) => {
    const index = fieldOrder.indexOf(key);
    return index < 0 ? fieldOrder.length : index;
  };
  return Object.entries(fields).sort(([left], [right]) => rank(left) - rank(right));
}

/** One settlement's receipt: its inputs, its outcome, and whether the outcome recomputes. */
export function ReceiptView({ receipt }: { receipt: ContractReceipt }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const verified = receiptVerified(receipt);
  return (
    <section className="ct-receipt" data-testid={`contract-receipt-${receipt.id}`}>
      <header className="ct-card-head">
        <strong>{t(`contracts:reasons.${receipt.kind}`)}</strong>
        <span className="ct-muted">{dateTime(receipt.settled_at)}</span>
        <span
          className={`status-chip ${verified ? 'is-good' : 'is-bad'}`}
          data-testid="contract-receipt-verified"
        >
          {t(verified ? 'contracts:receipt.verified' : 'contracts:receipt.mismatch')}
        </span>
      </header>
      <h3 className="ct-receipt-title">{t('contracts:receipt.inputs')}</h3>
      <dl className="fx-figures is-compact">
        {ordered(receipt.inputs).map(([key, value]) => (
          <div key={key}>
            <dt>{t(`contracts:receipt.fields.${key}`, { defaultValue: key })}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="ct-receipt-title">{t('contracts:receipt.outcome')}</h3>
      <dl className="fx-figures is-compact">
        {ordered(receipt.outcome).map(([key, value]) => (
          <div key={key}>
            <dt>{t(`contracts:receipt.fields.${key}`, { defaultValue: key })}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
