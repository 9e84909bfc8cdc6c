import { describe, expect, it } from 'vitest';
import { isUnsetTimezone, searchTimezones, zoneToReport } from './timezone-sync';

describe('time zone detection', () => {
  it('counts nothing stored and New York as unset (spec section 7)', () => {
    expect(isUnsetTimezone(null)).toBe(true);
    expect(isUnsetTimezone('')).toBe(true);
    expect(isUnsetTimezone('America/New_York')).toBe(true);
    expect(isUnsetTimezone('Asia/Bangkok')).toBe(false);
  });

  it('reports the browser’s zone only while the stored one is unset', () => {
    expect(zoneToReport(null, 'Asia/Bangkok')).toBe('Asia/Bangkok');
    expect(zoneToReport('America/New_York', 'Europe/Paris')).toBe('Europe/Paris');
    expect(zoneToReport('Asia/Tokyo', 'Europe/Paris')).toBeNull();
    expect(zoneToReport(null, null)).toBeNull();
    expect(zoneToReport('America/New_York', 'America/New_York')).toBeNull();
  });
});

describe('time zone search', () => {
  const zones = [
    { label: '(UTC-05:00) America/New_York', value: 'America/New_York' },
    { label: '(UTC+07:00) Asia/Bangkok', value: 'Asia/Bangkok' },
    { label: '(UTC+07:00) Asia/Ho_Chi_Minh', value: 'Asia/Ho_Chi_Minh' },
  ];

  it('matches every word against label and name', () => {
    expect(searchTimezones(zones, 'bangkok').map((zone) => zone.value)).toEqual(['Asia/Bangkok']);
    expect(searchTimezones(zones, 'utc+07')).toHaveLength(2);
    expect(searchTimezones(zones, 'ho chi')).toHaveLength(1);
    expect(searchTimezones(zones, 'new_york')).toHaveLength(1);
    expect(searchTimezones(zones, '')).toHaveLength(3);
  });
});
