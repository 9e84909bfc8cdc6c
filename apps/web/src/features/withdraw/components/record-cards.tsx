import type { DepositRecord, WithdrawalRecord } from '@fairex/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/ui/coin-icon';
import { useDateTimeToMinute } from '../../../lib/use-date-time';
import { displayAmount, shortAddress } from '../withdraw-rules';
import { StatusChip } from './status-chip';

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

type RecordFrameProps = {
  testId: string;
  id: number;
  currency: string;
  image: string;
  title: string;
  createdAt: number;
  status: DepositRecord['status'] | WithdrawalRecord['status'];
  /** Shown when the request was rejected with a reason. */
  reason: string;
  /** The label and value rows. */
  children: React.ReactNode;
  /** Under the reason, e.g. "Cancel". */
  actions?: React.ReactNode;
};

/** What a deposit and a withdrawal card share: coin, title, time, state, rows and the reason. */
function RecordFrame(props: RecordFrameProps) {
  const { t } = useTranslation();
  const dateTime = useDateTimeToMinute();
  return (
    <li className="card wd-record" data-testid={props.testId} data-id={props.id}>
      <div className="wd-record-head">
        <CoinIcon code={props.currency} image={props.image} size={30} />
        <div className="wd-record-title">
          <span>{props.title}</span>
          <time dateTime={new Date(props.createdAt).toISOString()}>{dateTime(props.createdAt)}</time>
        </div>
        <StatusChip status={props.status} />
      </div>
      <dl className="fx-figures wd-record-rows">{props.children}</dl>
      {props.status === 'rejected' && props.reason !== '' && (
        <p className="wd-reason" data-testid="record-reason">
          <span>{t('withdraw:records.reason')}</span>
          {props.reason}
        </p>
      )}
      {props.actions}
    </li>
  );
}

/** One withdrawal: amount, fee, where it goes, its state and reason; "Cancel" while pending. */
export const WithdrawalCard = memo(function WithdrawalCard({
  record,
  image,
  onCancel,
}: {
  record: WithdrawalRecord;
  image: string;
  onCancel: (record: WithdrawalRecord) => void;
}) {
  const { t } = useTranslation();
  const dateTime = useDateTimeToMinute();
  const destination = record.destination;
  return (
    <RecordFrame
      testId="withdrawal-record"
      id={record.id}
      currency={record.currency}
      image={image}
      title={t('withdraw:records.withdrawTitle', { code: record.currency })}
      createdAt={record.created_at}
      status={record.status}
      reason={record.reason}
      actions={
        record.can_cancel && (
          <div className="wd-record-actions">
            <button
              type="button"
              className="wd-cancel"
              onClick={() => onCancel(record)}
              data-testid="withdrawal-cancel"
            >
              {t('withdraw:records.cancel')}
            </button>
          </div>
        )
      }
    >
      <Row label={t('withdraw:records.amount')}>
        <strong className="wd-figure">
          {displayAmount(record.amount)} {record.currency}
        </strong>
      </Row>
      <Row label={t('withdraw:records.fee')}>
        {displayAmount(record.fee)} {record.currency}
      </Row>
      <Row label={t('withdraw:records.total')}>
        {displayAmount(record.total)} {record.currency}
      </Row>
      <Row label={t('withdraw:records.to')}>
        {destination.kind === 'address' ? (
          <span className="wd-dest">
            <span>
              {destination.name}
              {record.chain && <span className="wd-tag">{record.chain}</span>}
            </span>
            <span className="wd-mono wd-weak" title={destination.address}>
              {shortAddress(destination.address)}
            </span>
          </span>
        ) : (
          <span className="wd-dest">
            <span>{destination.bank_name}</span>
            <span className="wd-weak">
              {destination.real_name} · <span className="wd-mono">{destination.card}</span>
            </span>
          </span>
        )}
      </Row>
      {record.decided_at !== null && (
        <Row label={t('withdraw:records.decided')}>{dateTime(record.decided_at)}</Row>
      )}
    </RecordFrame>
  );
});

/** One deposit: what the user said they sent, what was credited, its state and reason. */
export const DepositCard = memo(function DepositCard({
  record,
  image,
}: {
  record: DepositRecord;
  image: string;
}) {
  const { t } = useTranslation();
  const dateTime = useDateTimeToMinute();
  return (
    <RecordFrame
      testId="deposit-record"
      id={record.id}
      currency={record.currency}
      image={image}
      title={t('withdraw:records.depositTitle', { code: record.currency })}
      createdAt={record.created_at}
      status={record.status}
      reason={record.reason}
    >
      <Row label={t('withdraw:records.amount')}>
        <strong className="wd-figure">
          {displayAmount(record.amount)} {record.currency}
        </strong>
      </Row>
      {record.credited_amount !== null && (
        <Row label={t('withdraw:records.credited')}>
          {displayAmount(record.credited_amount)} {record.currency}
        </Row>
      )}
      <Row label={t('withdraw:records.network')}>{record.chain}</Row>
      {record.reviewed_at !== null && (
        <Row label={t('withdraw:records.decided')}>{dateTime(record.reviewed_at)}</Row>
      )}
    </RecordFrame>
  );
});
