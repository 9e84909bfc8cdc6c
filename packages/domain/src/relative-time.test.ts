import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from './invariant';
import {
  dateAgeMinMs,
  justNowAgeMaxMs,
  type RelativeTime,
  relativeTime,
  toMilliseconds,
} from './relative-time';

const secondMs = 1000;
const minuteMs = 60 * secondMs;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** 2024-03-15T12:00:00Z. */
const nowMs = Date.UTC(2024, 2, 15, 12, 0, 0);

describe('toMilliseconds', () => {
  it.each([
    [0, 0],
    [1, 1000],
    [-1, -1000],
    [1_700_000_000, 1_700_000_000_000],
    [9_999_999_999, 9_999_999_999_000],
    [-9_999_999_999, -9_999_999_999_000],
    [10_000_000_000, 10_000_000_000],
    [-10_000_000_000, -10_000_000_000],
    [1_700_000_000_123, 1_700_000_000_123],
    [1_700_000_000.123, 1_700_000_000_123],
    [1_700_000_000_123.6, 1_700_000_000_124],
    [9_999_999_999.9, 9_999_999_999_900],
  ])('reads %s as %s ms (10 digits or fewer are seconds, 11 or more milliseconds)', (timestamp, expected) => {
    expect(toMilliseconds(timestamp)).toBe(expected);
  });

  it('passes non-finite input through for the caller to refuse', () => {
    expect(toMilliseconds(Number.NaN)).toBeNaN();
    expect(toMilliseconds(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('relativeTime at each boundary', () => {
  it.each<[string, number, RelativeTime]>([
    ['the same instant', 0, { kind: 'justNow' }],
    ['4:59', 4 * minuteMs + 59 * secondMs, { kind: 'justNow' }],
    ['4:59.999', justNowAgeMaxMs - 1, { kind: 'justNow' }],
    ['5:00', 5 * minuteMs, { kind: 'minutes', value: 5 }],
    ['5:59', 5 * minuteMs + 59 * secondMs, { kind: 'minutes', value: 5 }],
    ['59:59', 59 * minuteMs + 59 * secondMs, { kind: 'minutes', value: 59 }],
    ['60:00', hourMs, { kind: 'hours', value: 1 }],
    ['1:59:59', 2 * hourMs - secondMs, { kind: 'hours', value: 1 }],
    ['23:59:59', 24 * hourMs - secondMs, { kind: 'hours', value: 23 }],
    ['24h', dayMs, { kind: 'days', value: 1 }],
    ['47:59:59', 2 * dayMs - secondMs, { kind: 'days', value: 1 }],
    ['29d23h', 29 * dayMs + 23 * hourMs, { kind: 'days', value: 29 }],
    ['29d23:59:59', dateAgeMinMs - secondMs, { kind: 'days', value: 29 }],
    ['30d', 30 * dayMs, { kind: 'date', date: '2024-02-14' }],
    ['365d', 365 * dayMs, { kind: 'date', date: '2023-03-16' }],
  ])('%s ago', (_label, ageMs, expected) => {
    const timestampMs = nowMs - ageMs;
    expect(relativeTime(timestampMs, nowMs)).toEqual(expected);
    if (timestampMs % secondMs === 0) {
      expect(relativeTime(timestampMs / secondMs, nowMs)).toEqual(expected);
    }
  });

  it.each([1, secondMs, hourMs, 400 * dayMs])(
    'counts a timestamp %i ms in the future as just now',
    (aheadMs) => {
      expect(relativeTime(nowMs + aheadMs, nowMs)).toEqual({ kind: 'justNow' });
    },
  );
});

describe('relativeTime with old, odd and invalid timestamps', () => {
  it('reads 0 as the Unix epoch and negative timestamps as before it', () => {
    expect(relativeTime(0, nowMs)).toEqual({ kind: 'date', date: '1970-01-01' });
    expect(relativeTime(-1, nowMs)).toEqual({ kind: 'date', date: '1969-12-31' });
    expect(relativeTime(-86_400, nowMs)).toEqual({ kind: 'date', date: '1969-12-31' });
    expect(relativeTime(-86_401, nowMs)).toEqual({ kind: 'date', date: '1969-12-30' });
    expect(relativeTime(-10_000_000_000, nowMs)).toEqual({ kind: 'date', date: '1969-09-07' });
  });

  it('tells 10-digit seconds from 11-digit milliseconds', () => {
    // 9,999,999,999 s is 2286-11-20: in the future, so just now.
    expect(relativeTime(9_999_999_999, nowMs)).toEqual({ kind: 'justNow' });
    // 10,000,000,000 ms is 1970-04-26.
    expect(relativeTime(10_000_000_000, nowMs)).toEqual({ kind: 'date', date: '1970-04-26' });
    expect(relativeTime(1_000_000_000, nowMs)).toEqual({ kind: 'date', date: '2001-09-09' });
    expect(relativeTime(1_000_000_000_000, nowMs)).toEqual({ kind: 'date', date: '2001-09-09' });
  });

  it('writes years before 1000 and before year 0 in full', () => {
    expect(relativeTime(Date.parse('0005-06-07T00:00:00Z'), nowMs)).toEqual({
      kind: 'date',
      date: '0005-06-07',
    });
    expect(relativeTime(-8_640_000_000_000_000, nowMs)).toEqual({ kind: 'date', date: '-271821-04-20' });
  });

  it.each([
    ['NaN', Number.NaN, nowMs],
    ['Infinity', Number.POSITIVE_INFINITY, nowMs],
    ['-Infinity', Number.NEGATIVE_INFINITY, nowMs],
    ['beyond a Date', 1e300, nowMs],
    ['just beyond a Date', -8_640_000_000_000_001, nowMs],
    ['a NaN now', 1_700_000_000, Number.NaN],
    ['a now beyond a Date', 1_700_000_000, 9e15],
  ])('is invalid for %s', (_label, timestamp, now) => {
    expect(relativeTime(timestamp, now)).toEqual({ kind: 'invalid' });
  });
});

describe('relativeTime dates in a time-zone offset', () => {
  /** 2024-01-01T20:00:00Z, 75 days before now. */
  const eveningUtcMs = Date.UTC(2024, 0, 1, 20, 0, 0);
  /** 2024-01-01T02:00:00Z. */
  const earlyUtcMs = Date.UTC(2024, 0, 1, 2, 0, 0);

  it.each([
    [eveningUtcMs, 0, '2024-01-01'],
    [eveningUtcMs, 240, '2024-01-02'],
    [eveningUtcMs, 239, '2024-01-01'],
    [eveningUtcMs, 480, '2024-01-02'],
    [earlyUtcMs, -120, '2024-01-01'],
    [earlyUtcMs, -121, '2023-12-31'],
    [earlyUtcMs, -300, '2023-12-31'],
    [earlyUtcMs, 345, '2024-01-01'],
    [earlyUtcMs, 1080, '2024-01-01'],
    [earlyUtcMs, -1080, '2023-12-31'],
  ])('shows %i at offset %i minutes as %s', (timestampMs, offset, date) => {
    expect(relativeTime(timestampMs, nowMs, { timeZoneOffsetMinutes: offset })).toEqual({
      kind: 'date',
      date,
    });
  });

  it('leaves relative ages alone: an age does not depend on the zone', () => {
    expect(relativeTime(nowMs - 3 * hourMs, nowMs, { timeZoneOffsetMinutes: 480 })).toEqual({
      kind: 'hours',
      value: 3,
    });
  });

  it('is invalid when the offset pushes the date beyond a Date', () => {
    expect(relativeTime(-8_640_000_000_000_000, nowMs, { timeZoneOffsetMinutes: -1 })).toEqual({
      kind: 'invalid',
    });
  });

  it.each([1.5, 1081, -1081, Number.NaN])('throws an InvariantError for the offset %s', (offset) => {
    expect(() => relativeTime(nowMs, nowMs, { timeZoneOffsetMinutes: offset })).toThrow(InvariantError);
  });
});

describe('relativeTime properties', () => {
  // 11 digits or more, so read as milliseconds.
  const timestamp = fc.integer({ min: 10_000_000_000, max: 4_102_444_800_000 });

  it('reports whole units that bracket the age, and a date from 30 days on', () => {
    fc.assert(
      fc.property(timestamp, fc.integer({ min: -dayMs, max: 60 * dayMs }), (timestampMs, ageMs) => {
        const shown = relativeTime(timestampMs, timestampMs + ageMs);
        switch (shown.kind) {
          case 'justNow':
            expect(ageMs).toBeLessThan(justNowAgeMaxMs);
            break;
          case 'minutes':
            expect(shown.value).toBeGreaterThanOrEqual(5);
            expect(ageMs).toBeGreaterThanOrEqual(shown.value * minuteMs);
            expect(ageMs).toBeLessThan((shown.value + 1) * minuteMs);
            break;
          case 'hours':
            expect(shown.value).toBeGreaterThanOrEqual(1);
            expect(shown.value).toBeLessThanOrEqual(23);
            expect(ageMs).toBeGreaterThanOrEqual(shown.value * hourMs);
            expect(ageMs).toBeLessThan((shown.value + 1) * hourMs);
            break;
          case 'days':
            expect(shown.value).toBeGreaterThanOrEqual(1);
            expect(shown.value).toBeLessThanOrEqual(29);
            expect(ageMs).toBeGreaterThanOrEqual(shown.value * dayMs);
            expect(ageMs).toBeLessThan((shown.value + 1) * dayMs);
            break;
          case 'date':
            expect(ageMs).toBeGreaterThanOrEqual(dateAgeMinMs);
            expect(shown.date).toBe(new Date(timestampMs).toISOString().slice(0, 10));
            break;
          case 'invalid':
            expect.unreachable('a timestamp in range is never invalid');
        }
      }),
    );
  });

  it('gives the same answer for a whole-second timestamp in seconds or milliseconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10_000_000, max: 4_102_444_800 }), (seconds) => {
        expect(relativeTime(seconds, nowMs)).toEqual(relativeTime(seconds * secondMs, nowMs));
      }),
    );
  });
});
