import type { DepositRecord } from '@fairex/contract';
import { ClockCircleFill } from 'antd-mobile-icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { depositPaths, plainAmount } from '../deposit-rules';

type DepositSuccessProps = { record: DepositRecord; onAgain: () => void };

/** The submitted deposit, waiting for review, and where to follow it. */
export function DepositSuccess({ record, onAgain }: DepositSuccessProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    ref.current?.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  }, []);
  return (
    <section ref={ref} className="dep-card dep-success" data-testid="deposit-success" aria-live="polite">
      <ClockCircleFill className="dep-success-icon" fontSize={44} />
      <h2 className="dep-success-title">{t('deposit:success.title')}</h2>
      <p className="dep-success-amount">
        {plainAmount(record.amount)} <span>{record.currency}</span>
      </p>
      <p className="dep-success-body">{t('deposit:success.body', { chain: record.chain })}</p>
      <div className="dep-success-actions">
        <Link className="fx-button is-block" to={depositPaths.records} data-testid="deposit-success-records">
          {t('deposit:success.records')}
        </Link>
        <button type="button" className="fx-button is-secondary is-block" onClick={onAgain}>
          {t('deposit:success.again')}
        </button>
      </div>
    </section>
  );
}
