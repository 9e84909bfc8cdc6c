import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/translation-key';
import { statusTone } from '../withdraw-rules';

type Status = 'pending' | 'approved' | 'rejected' | 'cancelled';

const statusKeys: Record<Status, TranslationKey> = {
  pending: 'withdraw:status.pending',
  approved: 'withdraw:status.approved',
  rejected: 'withdraw:status.rejected',
  cancelled: 'withdraw:status.cancelled',
};

/** A request's state as a coloured chip. */
export function StatusChip({ status }: { status: Status }) {
  const { t } = useTranslation();
  return (
    <span className={`status-chip is-${statusTone(status)}`} data-testid="record-status" data-status={status}>
      {t(statusKeys[status])}
    </span>
  );
}
