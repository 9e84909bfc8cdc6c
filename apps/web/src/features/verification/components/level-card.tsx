import type { RealState } from '@fairex/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useAppStore } from '../../../lib/stores/app-store';
import { type LevelAction, timestampMs } from '../verification-rules';
import { LevelBadge } from './level-badge';
import { LevelLimits } from './level-limits';

type LevelCardProps = {
  level: 'lv1' | 'lv2';
  state: RealState['lv1'];
  action: LevelAction;
  /** The level's form, shown when the action is `form`. */
  form: ReactNode;
};

const levelTitleKeys = { lv1: 'verification:levels.lv1', lv2: 'verification:levels.lv2' } as const;
const levelTags = { lv1: 'Lv1', lv2: 'Lv2' } as const;

/** One verification level: its state, what it allows, and what the user can do now. */
export function LevelCard({ level, state, action, form }: LevelCardProps) {
  const { t } = useTranslation();
  const lang = useAppStore((store) => store.lang);
  const submitted = state.submitted_at === null ? null : formatDate(timestampMs(state.submitted_at), lang);
  return (
    <section className={`real-level is-${state.state}`} data-testid={`real-${level}`}>
      <header className="real-level-header">
        <span className="real-level-tag">{levelTags[level]}</span>
        <h2 className="real-level-title">{t(levelTitleKeys[level])}</h2>
        <LevelBadge state={state.state} testId={`real-${level}-state`} />
      </header>
      <LevelLimits level={level} />
      {state.state === 'rejected' && (
        <div className="real-reason" role="note" data-testid={`real-${level}-reason`}>
          <strong>{t('verification:rejectedTitle')}</strong>
          <span>{state.reason.trim() !== '' ? state.reason : t('verification:rejectedNoReason')}</span>
        </div>
      )}
      {action === 'wait' && (
        <p className="real-level-note">
          {t('verification:pendingBody')}
          {submitted && (
            <span className="real-level-date">{t('verification:submittedAt', { date: submitted })}</span>
          )}
        </p>
      )}
      {action === 'done' && <p className="real-level-note is-done">{t('verification:verifiedBody')}</p>}
      {action === 'locked' && <p className="real-level-note">{t('verification:lockedBody')}</p>}
      {action === 'bind-first' && <p className="real-level-note">{t('verification:bindFirst.short')}</p>}
      {action === 'form' && form}
    </section>
  );
}
