import type { TimezoneListItem } from '@fairex/contract';
import { parseGmtOffset, timezoneListItems, type ZoneOffset } from './timezone.domain';

/**
 * Node's `Intl.supportedValuesOf('timeZone')` leaves out UTC, yet browsers on machines set to UTC
 * report exactly that, so it is added to the list.
 */
const zonesMissingFromIntl = ['UTC'];

/**
 * Offsets only change at DST transitions, which fall on whole local hours; with offsets in
 * multiples of 15 minutes they land on quarter hours in UTC, so a list is good for 15 minutes.
 */
const listValidityMs = 15 * 60 * 1000;

let zoneNames: readonly string[] | null = null;
let zoneSet: ReadonlySet<string> | null = null;
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
let cachedList: { readonly window: number; readonly items: TimezoneListItem[] } | null = null;

function supportedZoneSet(): ReadonlySet<string> {
  if (!zoneSet) {
    zoneNames = [...Intl.supportedValuesOf('timeZone'), ...zonesMissingFromIntl];
    zoneSet = new Set(zoneNames);
  }
  return zoneSet;
}

function supportedZones(): readonly string[] {
  supportedZoneSet();
  return zoneNames ?? [];
}

/**
 * The list's own spelling of a zone, or null when it is not on the list. Aliases and other
 * casings ("Asia/Kolkata", "asia/shanghai", "Etc/UTC") resolve through Intl to the listed name.
 */
export function canonicalZone(input: string): string | null {
  const zones = supportedZoneSet();
  if (zones.has(input)) return input;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: input }).resolvedOptions().timeZone;
    return zones.has(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

function offsetMinutesAt(zone: string, at: Date): number {
  let formatter = offsetFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormatters.set(zone, formatter);
  }
  const name = formatter.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const minutes = parseGmtOffset(name);
  // ICU always writes a longOffset name; anything else means the runtime changed under us.
  if (minutes === null) throw new Error(`Unexpected offset name "${name}" for ${zone}`);
  return minutes;
}

/** Every supported zone labelled with its offset at `at`, sorted by offset. */
export function timezoneListAt(at: Date): TimezoneListItem[] {
  const window = Math.floor(at.getTime() / listValidityMs);
  if (cachedList?.window === window) return cachedList.items;
  const offsets: ZoneOffset[] = supportedZones().map((zone) => ({
    zone,
    offsetMinutes: offsetMinutesAt(zone, at),
  }));
  const items = timezoneListItems(offsets);
  cachedList = { window, items };
  return items;
}
