import type { ContractReceipt } from '@fairex/contract';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../lib/use-date-time';
import { receiptVerified } from '../contract-rules';

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
        {Object.entries(receipt.inputs).map(([key, value]) => (
          <div key={key}>
            <dt>{t(`contracts:receipt.fields.${key}`, { defaultValue: key })}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="ct-receipt-title">{t('contracts:receipt.outcome')}</h3>
      <dl className="fx-figures is-compact">
        {Object.entries(receipt.outcome).map(([key, value]) => (
          <div key={key}>
            <dt>{t(`contracts:receipt.fields.${key}`, { defaultValue: key })}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
