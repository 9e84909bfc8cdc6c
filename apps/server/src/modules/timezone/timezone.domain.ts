import {
  type TimezoneListItem,
  type TimezoneMethod,
  type TimezoneState,
  unsetTimezone,
} from '@fairex/contract';

export type StoredTimezone = { readonly timezone: string; readonly method: TimezoneMethod };

export const unsetState: TimezoneState = { timezone: null, method: null };

export function stateOf(stored: StoredTimezone | null): TimezoneState {
  return stored ? { timezone: stored.timezone, method: stored.method } : unsetState;
}

/**
 * What a detection report stores, or null to keep what is there. New York is what clients send
 * when they know nothing, so it never counts as a detection; and a zone the user chose by hand
 * is never replaced by the browser's guess.
 */
export function detectionWrite(
  current: StoredTimezone | null,
  detected: StoredTimezone,
): StoredTimezone | null {
  if (detected.timezone === unsetTimezone) return null;
  if (detected.method === 'browser' && current?.method === 'manual') return null;
  return detected;
}

/** An explicit choice is always stored, New York included: the user picked it. */
export function choiceWrite(timezone: string): StoredTimezone {
  return { timezone, method: 'manual' };
}

const minutesPerHour = 60;

/** "UTC+08:00", "UTC-03:30", "UTC+00:00". */
export function formatUtcOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const magnitude = Math.abs(offsetMinutes);
  const hours = String(Math.floor(magnitude / minutesPerHour)).padStart(2, '0');
  const minutes = String(magnitude % minutesPerHour).padStart(2, '0');
  return `UTC${sign}${hours}:${minutes}`;
}

/** Reads Intl's `longOffset` zone name ("GMT+05:45", "GMT-3", or plain "GMT") as minutes east of UTC. */
export function parseGmtOffset(text: string): number | null {
  if (text === 'GMT' || text === 'UTC') return 0;
  const match = /^(?:GMT|UTC)([+-])(\d{1,2})(?::(\d{2}))?$/.exec(text);
  if (!match) return null;
  const [, sign, hours, minutes] = match;
  const total = Number(hours) * minutesPerHour + Number(minutes ?? '0');
  return sign === '-' ? -total : total;
}

export type ZoneOffset = { readonly zone: string; readonly offsetMinutes: number };

/** The picker list: west to east, zones sharing an offset in name order. */
export function timezoneListItems(zones: readonly ZoneOffset[]): TimezoneListItem[] {
  return [...zones]
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || (a.zone < b.zone ? -1 : a.zone > b.zone ? 1 : 0))
    .map(({ zone, offsetMinutes }) => ({
      label: `(${formatUtcOffset(offsetMinutes)}) ${zone}`,
      value: zone,
    }));
}
