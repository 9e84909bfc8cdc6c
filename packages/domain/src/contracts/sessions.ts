/**
 * Stock trading sessions (issue 17): regular hours in the exchange's time zone, weekdays only,
 * closed on the published holidays. Instruments state their hours as
 * "09:30-16:00 America/New_York Mon-Fri"; a null means always open (crypto perpetuals).
 */

/** NYSE and Nasdaq full-day holidays, 2026 and 2027 (the exchanges' published lists). */
export const exchangeHolidays: readonly string[] = [
  '2026-01-01',
  '2026-01-19',
  '2026-02-16',
  '2026-04-03',
  '2026-05-25',
  '2026-06-19',
  '2026-07-03',
  '2026-09-07',
  '2026-11-26',
  '2026-12-25',
  '2027-01-01',
  '2027-01-18',
  '2027-02-15',
  '2027-03-26',
  '2027-05-31',
  '2027-06-18',
  '2027-07-05',
  '2027-09-06',
  '2027-11-25',
  '2027-12-24',
];

export type SessionHours = {
  readonly openMinute: number;
  readonly closeMinute: number;
  readonly timeZone: string;
};

export type SessionState = { readonly open: boolean; readonly nextOpen: number | null };

const hoursPattern = /^(\d{2}):(\d{2})-(\d{2}):(\d{2}) ([A-Za-z_/]+)/;

export function parseSessionHours(text: string | null): SessionHours | null {
  if (!text) return null;
  const match = hoursPattern.exec(text);
  if (!match) return null;
  const [, oh, om, ch, cm, timeZone] = match;
  return {
    openMinute: Number(oh) * 60 + Number(om),
    closeMinute: Number(ch) * 60 + Number(cm),
    timeZone: timeZone as string,
  };
}

type LocalParts = { date: string; weekday: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function localParts(time: number, timeZone: string): LocalParts {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(time)).map((part) => [part.type, part.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '');
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

function tradingDay(parts: LocalParts): boolean {
  return parts.weekday >= 1 && parts.weekday <= 5 && !exchangeHolidays.includes(parts.date);
}

/** Whether the session is open at `time` (Unix ms) and, when closed, when it next opens. */
export function sessionState(hours: SessionHours | null, time: number): SessionState {
  if (!hours) return { open: true, nextOpen: null };
  const now = localParts(time, hours.timeZone);
  if (tradingDay(now) && now.minute >= hours.openMinute && now.minute < hours.closeMinute) {
    return { open: true, nextOpen: null };
  }
  // Walk forward a minute at a time from the next whole minute is too slow; step to the opening
  // minute of each following local day instead (time zone offsets move by at most an hour).
  const minuteMs = 60_000;
  let probe = time - (time % minuteMs) + minuteMs;
  for (let step = 0; step < 14 * 24 * 4; step += 1) {
    const parts = localParts(probe, hours.timeZone);
    if (tradingDay(parts) && parts.minute >= hours.openMinute && parts.minute < hours.closeMinute) {
      // Back to the first open minute of this session.
      let first = probe;
      while (true) {
        const before = localParts(first - minuteMs, hours.timeZone);
        if (before.date !== parts.date || before.minute < hours.openMinute) break;
        first -= minuteMs;
      }
      return { open: false, nextOpen: first };
    }
    probe += 15 * minuteMs;
  }
  return { open: false, nextOpen: null };
}
