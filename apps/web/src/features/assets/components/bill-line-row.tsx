import type { BillLine } from '@fairex/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../lib/use-date-time';
import {
  accountKindKey,
  amountDirection,
  billReasonKey,
  displayAmount,
  signedDisplayAmount,
} from '../assets-rules';

/** One posting of the bill: why, which account, the signed amount and the balance after. */
export const BillLineRow = memo(function BillLineRow({ line }: { line: BillLine }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const direction = amountDirection(line.amount);
  return (
    <li className="fund-bill-line" data-testid="bill-line" data-kind={line.kind}>
      <div className="fund-bill-main">
        <span className="fund-bill-reason">{t(billReasonKey(line))}</span>
        <span className={`fund-bill-amount is-${direction}`} data-testid="bill-line-amount">
          {signedDisplayAmount(line.amount)} <small>{line.currency}</small>
        </span>
      </div>
      <div className="fund-bill-meta">
        <span className="fund-bill-tags">
          <span className="fund-tag">{t(accountKindKey(line.type))}</span>
          <time dateTime={new Date(line.time).toISOString()}>{dateTime(line.time)}</time>
        </span>
        <span className="fund-bill-after">
          {t('assets:bill.balanceAfter', { value: displayAmount(line.balance_after) })}
        </span>
      </div>
      {line.note !== null && (
        <div className="fund-bill-note" data-testid="bill-line-note">
          {t('assets:bill.note', { note: line.note })}
        </div>
      )}
      {line.tick_id !== null && (
        <div className="fund-bill-tick">{t('assets:bill.tick', { id: line.tick_id })}</div>
      )}
    </li>
  );
});
