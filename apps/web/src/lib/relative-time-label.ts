import type { Locale } from '@fairex/contract';
import { assertNever, relativeTime } from '@fairex/domain';
import { formatCalendarDate } from './format';
import type { TranslationKey } from './translation-key';

type Translate = (key: TranslationKey, options?: Record<string, unknown>) => string;

/**
 * "Just now", "12 min ago", "3 h ago", "5 d ago", then a date (spec section 5), in the reader's
 * language. The rule is @fairex/domain's relativeTime; this only words it.
 */
export function relativeTimeLabel(params: {
  timestamp: number;
  nowMs: number;
  timeZoneOffsetMinutes: number;
  locale: Locale;
  t: Translate;
}): string {
  const age = relativeTime(params.timestamp, params.nowMs, {
    timeZoneOffsetMinutes: params.timeZoneOffsetMinutes,
  });
  switch (age.kind) {
    case 'justNow':
      return params.t('common:time.justNow');
    case 'minutes':
      return params.t('common:time.minutes', { value: age.value });
    case 'hours':
      return params.t('common:time.hours', { value: age.value });
    case 'days':
      return params.t('common:time.days', { value: age.value });
    case 'date':
      return formatCalendarDate(age.date, params.locale);
    case 'invalid':
      return '';
    default:
      return assertNever(age);
  }
}

/** Minutes east of UTC on this device, as relativeTime expects. */
export function deviceTimeZoneOffsetMinutes(now: Date = new Date()): number {
  const offset = -now.getTimezoneOffset();
  return offset === 0 ? 0 : offset;
}
