import type { IeoProject } from '@fairex/contract';
import type { IeoProjectState } from '@fairex/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownParts, countdownTarget, countdownText, progressPercent, stateAt } from '../ieo-rules';

const chipClass: Record<IeoProjectState, string> = {
  warmup: 'is-wait',
  in_progress: 'is-good',
  finished: 'is-off',
};

export function StateChip({ state }: { state: IeoProjectState }) {
  const { t } = useTranslation();
  return (
    <span className={`status-chip ${chipClass[state]}`} data-testid="ieo-state">
      {t(`ieo:state.${state}`)}
    </span>
  );
}

/**
 * The server's clock now, ticking every second: the project's `now` when it was fetched, moved on
 * by this device's clock since then (a device set wrong does not change the countdown).
 */
export function useServerNow(project: IeoProject | null | undefined, fetchedAt: number): number {
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setDeviceNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!project) return deviceNow;
  return project.now + Math.max(0, deviceNow - fetchedAt);
}

/** "Starts in 1d 02:03:04", "Ends in 00:10:00" or "Subscription ended". */
export function Countdown({ project, nowMs }: { project: IeoProject; nowMs: number }) {
  const { t } = useTranslation();
  const state = stateAt(project, nowMs);
  const target = countdownTarget(project, state);
  if (target === null) {
    return (
      <p className="ieo-countdown" data-testid="ieo-countdown">
        {t('ieo:ended')}
      </p>
    );
  }
  return (
    <p className="ieo-countdown" data-testid="ieo-countdown">
      <span>{t(state === 'warmup' ? 'ieo:startsIn' : 'ieo:endsIn')}</span>
      <strong>{countdownText(countdownParts(target - nowMs), t('ieo:daySuffix'))}</strong>
    </p>
  );
}

export function ProgressBar({ project }: { project: IeoProject }) {
  const { t } = useTranslation();
  const percent = progressPercent(project);
  return (
    <div className="ieo-progress" data-testid="ieo-progress">
      <div className="ieo-progress-track">
        <div className="ieo-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <span>{t('ieo:progress', { percent: percent.toFixed(1) })}</span>
    </div>
  );
}
