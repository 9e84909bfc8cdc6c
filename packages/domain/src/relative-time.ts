/**
 * "How long ago" for lists and messages (product spec section 5). Returns a structured value; the
 * web localises the words. The current time comes in as an argument (conventions rule 3).
 */
import { invariant } from './invariant';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** Timestamps with more than 10 integer digits (at or above this magnitude) are milliseconds. */
export const millisecondTimestampMin = 10_000_000_000;
/** Under this age a moment is "just now". */
export const justNowAgeMaxMs = 5 * minuteMs;
/** From this age on a moment shows as a date. */
export const dateAgeMinMs = 30 * dayMs;
/** The widest time-zone offset accepted, in minutes either side of UTC (as ISO 8601 allows). */
export const timeZoneOffsetMaxMinutes = 18 * 60;
/** The range a JavaScript Date can hold, either side of 1970-01-01. */
const dateRangeMaxMs = 8_640_000_000_000_000;

export type RelativeTime =
  | { readonly kind: 'justNow' }
  | { readonly kind: 'minutes'; readonly value: number }
  | { readonly kind: 'hours'; readonly value: number }
  | { readonly kind: 'days'; readonly value: number }
  /** Calendar date, YYYY-MM-DD, in UTC or in the given offset. */
  | { readonly kind: 'date'; readonly date: string }
  /** The timestamp or the current time is not a finite number within a Date's range. */
  | { readonly kind: 'invalid' };

export type RelativeTimeOptions = {
  /** Minutes east of UTC for the date form (UTC+8 is 480, UTC-5 is -300); default 0 (UTC). */
  readonly timeZoneOffsetMinutes?: number;
};

/**
 * Reads a Unix timestamp in either unit as whole milliseconds: more than 10 integer digits means
 * milliseconds already, otherwise seconds. 1700000000 -> 1700000000000; 1700000000123 as is.
 */
export function toMilliseconds(timestamp: number): number {
  const milliseconds = Math.abs(timestamp) >= millisecondTimestampMin ? timestamp : timestamp * 1000;
  return Math.round(milliseconds);
}

function isDateInRange(milliseconds: number): boolean {
  return Number.isFinite(milliseconds) && Math.abs(milliseconds) <= dateRangeMaxMs;
}

function padNumber(value: number, length: number): string {
  return String(Math.abs(value)).padStart(length, '0');
}

function formatCalendarDate(milliseconds: number): string {
  const date = new Date(milliseconds);
  const year = date.getUTCFullYear();
  const sign = year < 0 ? '-' : '';
  return `${sign}${padNumber(year, 4)}-${padNumber(date.getUTCMonth() + 1, 2)}-${padNumber(date.getUTCDate(), 2)}`;
}

/**
 * How long before `nowMs` the `timestamp` (seconds or milliseconds, see toMilliseconds) was:
 * under 5 minutes, or in the future: just now; then whole minutes (5-59), whole hours (1-23),
 * whole days (1-29); from 30 days on, the calendar date.
 * Throws an InvariantError for an offset that is not an integer within +-18 hours (a bug).
 */
export function relativeTime(
  timestamp: number,
  nowMs: number,
  options: RelativeTimeOptions = {},
): RelativeTime {
  const { timeZoneOffsetMinutes = 0 } = options;
  invariant(
    Number.isInteger(timeZoneOffsetMinutes) && Math.abs(timeZoneOffsetMinutes) <= timeZoneOffsetMaxMinutes,
    `timeZoneOffsetMinutes must be an integer within ${timeZoneOffsetMaxMinutes}, got ${timeZoneOffsetMinutes}`,
  );
  const timestampMs = toMilliseconds(timestamp);
  if (!isDateInRange(timestampMs) || !isDateInRange(nowMs)) {
    return { kind: 'invalid' };
  }
  const ageMs = nowMs - timestampMs;
  if (ageMs < justNowAgeMaxMs) {
    return { kind: 'justNow' };
  }
  if (ageMs < hourMs) {
    return { kind: 'minutes', value: Math.floor(ageMs / minuteMs) };
  }
  if (ageMs < dayMs) {
    return { kind: 'hours', value: Math.floor(ageMs / hourMs) };
  }
  if (ageMs < dateAgeMinMs) {
    return { kind: 'days', value: Math.floor(ageMs / dayMs) };
  }
  const localMs = timestampMs + timeZoneOffsetMinutes * minuteMs;
  if (!isDateInRange(localMs)) {
    return { kind: 'invalid' };
  }
  return { kind: 'date', date: formatCalendarDate(localMs) };
}
