import { unsetTimezone } from '@fairex/contract';

/** The browser's IANA zone (e.g. "Asia/Bangkok"), or null when it does not say. */
export function detectedTimezone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** Nothing stored, or New York, which clients report when they know nothing (spec section 7). */
export function isUnsetTimezone(zone: string | null | undefined): boolean {
  return !zone || zone === unsetTimezone;
}

/** The zone to report for a user whose stored zone is unset; null when there is nothing to do. */
export function zoneToReport(stored: string | null, detected: string | null): string | null {
  if (!detected || !isUnsetTimezone(stored) || detected === stored) return null;
  return detected;
}

/** Zones whose label or name contains every word of the query ("bangkok", "utc+07", "asia/b"). */
export function searchTimezones<T extends { label: string; value: string }>(
  list: readonly T[],
  query: string,
): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...list];
  return list.filter((zone) => {
    const text = `${zone.label} ${zone.value}`.toLowerCase().replaceAll('_', ' ');
    return words.every((word) => text.includes(word.replaceAll('_', ' ')));
  });
}
