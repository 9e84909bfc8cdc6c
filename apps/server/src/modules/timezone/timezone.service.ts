import type { TimezoneListItem, TimezoneMethod, TimezoneState } from '@fairex/contract';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { canonicalZone, timezoneListAt } from './timezone.catalogue';
import { choiceWrite, detectionWrite, stateOf, unsetState } from './timezone.domain';
import { type TimezoneOutcome, timezoneError } from './timezone.errors';
import { findUserTimezone, findUserTimezoneForUpdate, saveUserTimezone } from './timezone.repository';

export type TimezoneServiceDeps = { readonly db: Database; readonly clock: Clock };
export type TimezoneUpdate = { readonly state: TimezoneState; readonly outcome: TimezoneOutcome };

function listedZoneOrThrow(input: string): string {
  const zone = canonicalZone(input);
  if (!zone) throw timezoneError('unknown_zone');
  return zone;
}

export function createTimezoneService(deps: TimezoneServiceDeps) {
  const { db, clock } = deps;

  /** A visitor without a session has no zone: the answer is unset rather than an error. */
  async function current(userId: number | null): Promise<TimezoneState> {
    if (userId === null) return unsetState;
    return stateOf(await findUserTimezone(db, userId));
  }

  async function detect(
    userId: number,
    report: { readonly timezone: string; readonly method: TimezoneMethod },
  ): Promise<TimezoneUpdate> {
    const detected = { timezone: listedZoneOrThrow(report.timezone), method: report.method };
    return db.transaction(async (tx) => {
      const stored = await findUserTimezoneForUpdate(tx, userId);
      const write = detectionWrite(stored, detected);
      if (!write) return { state: stateOf(stored), outcome: 'kept' };
      await saveUserTimezone(tx, userId, write, clock.now());
      return { state: stateOf(write), outcome: 'saved' };
    });
  }

  async function choose(userId: number, timezone: string): Promise<TimezoneUpdate> {
    const write = choiceWrite(listedZoneOrThrow(timezone));
    await saveUserTimezone(db, userId, write, clock.now());
    return { state: stateOf(write), outcome: 'saved' };
  }

  function list(): TimezoneListItem[] {
    return timezoneListAt(clock.now());
  }

  return { current, detect, choose, list };
}
