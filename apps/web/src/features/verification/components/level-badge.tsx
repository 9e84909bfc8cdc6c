import type { VerificationState } from '@fairex/contract';
import { useTranslation } from 'react-i18next';
import { stateLabelKey } from '../verification-rules';

/** A level's state as a coloured pill: not verified, under review, verified, review failed. */
export function LevelBadge({ state, testId }: { state: VerificationState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`real-badge is-${state}`} data-testid={testId} data-state={state}>
      {t(stateLabelKey(state))}
    </span>
  );
}
