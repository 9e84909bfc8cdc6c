import { unsetTimezone } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import {
  choiceWrite,
  detectionWrite,
  formatUtcOffset,
  parseGmtOffset,
  stateOf,
  timezoneListItems,
} from './timezone.domain';

describe('timezone rules', () => {
  it('formats offsets with sign, hours and minutes', () => {
    expect(formatUtcOffset(480)).toBe('UTC+08:00');
    expect(formatUtcOffset(-210)).toBe('UTC-03:30');
    expect(formatUtcOffset(345)).toBe('UTC+05:45');
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
    expect(formatUtcOffset(-720)).toBe('UTC-12:00');
  });

  it('reads the offset names Intl writes', () => {
    expect(parseGmtOffset('GMT')).toBe(0);
    expect(parseGmtOffset('GMT+08:00')).toBe(480);
    expect(parseGmtOffset('GMT-03:30')).toBe(-210);
    expect(parseGmtOffset('GMT-3')).toBe(-180);
    expect(parseGmtOffset('PST')).toBeNull();
  });

  it('sorts the list west to east, then by name', () => {
    const items = timezoneListItems([
      { zone: 'Asia/Shanghai', offsetMinutes: 480 },
      { zone: 'America/Sao_Paulo', offsetMinutes: -180 },
      { zone: 'Asia/Hong_Kong', offsetMinutes: 480 },
      { zone: 'UTC', offsetMinutes: 0 },
    ]);
    expect(items).toEqual([
      { label: '(UTC-03:00) America/Sao_Paulo', value: 'America/Sao_Paulo' },
      { label: '(UTC+00:00) UTC', value: 'UTC' },
      { label: '(UTC+08:00) Asia/Hong_Kong', value: 'Asia/Hong_Kong' },
      { label: '(UTC+08:00) Asia/Shanghai', value: 'Asia/Shanghai' },
    ]);
  });

  it('never stores New York as a detection', () => {
    expect(detectionWrite(null, { timezone: unsetTimezone, method: 'browser' })).toBeNull();
    expect(detectionWrite(null, { timezone: unsetTimezone, method: 'manual' })).toBeNull();
    const stored = { timezone: 'Asia/Tokyo', method: 'browser' } as const;
    expect(detectionWrite(stored, { timezone: unsetTimezone, method: 'browser' })).toBeNull();
  });

  it('lets a browser detection fill or refresh a guess but never replace a manual choice', () => {
    const detected = { timezone: 'Asia/Bangkok', method: 'browser' } as const;
    expect(detectionWrite(null, detected)).toEqual(detected);
    expect(detectionWrite({ timezone: 'Asia/Tokyo', method: 'browser' }, detected)).toEqual(detected);
    expect(detectionWrite({ timezone: 'Asia/Tokyo', method: 'manual' }, detected)).toBeNull();
    const manual = { timezone: 'Europe/Paris', method: 'manual' } as const;
    expect(detectionWrite({ timezone: 'Asia/Tokyo', method: 'manual' }, manual)).toEqual(manual);
  });

  it('stores an explicit choice as manual, New York included', () => {
    expect(choiceWrite(unsetTimezone)).toEqual({ timezone: unsetTimezone, method: 'manual' });
    expect(stateOf(null)).toEqual({ timezone: null, method: null });
  });
});
