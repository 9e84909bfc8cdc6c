import { describe, expect, it } from 'vitest';
import { relativeTimeLabel } from './relative-time-label';

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key}(${JSON.stringify(options)})` : key;
const nowMs = Date.UTC(2026, 10, 22, 12, 0, 0);
const label = (agoMs: number) =>
  relativeTimeLabel({ timestamp: nowMs - agoMs, nowMs, timeZoneOffsetMinutes: 0, locale: 'en', t });

describe('relativeTimeLabel', () => {
  it('words the domain rule: just now, minutes, hours, days', () => {
    expect(label(60_000)).toBe('common:time.justNow');
    expect(label(12 * 60_000)).toBe('common:time.minutes({"value":12})');
    expect(label(3 * 3_600_000)).toBe('common:time.hours({"value":3})');
    expect(label(5 * 86_400_000)).toBe('common:time.days({"value":5})');
  });

  it('shows a calendar date from 30 days on', () => {
    expect(label(40 * 86_400_000)).toBe('Oct 13, 2026');
  });

  it('accepts second timestamps too', () => {
    expect(
      relativeTimeLabel({ timestamp: nowMs / 1000 - 120, nowMs, timeZoneOffsetMinutes: 0, locale: 'en', t }),
    ).toBe('common:time.justNow');
  });
});
