import { isLocale, localeTags } from '@fairex/contract';
import i18next from 'i18next';

/** Epoch milliseconds as date and time in the console's language (24-hour clock), or a dash. */
export function dateTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  const language = i18next.language;
  const tag = isLocale(language) ? localeTags[language] : 'en';
  return new Date(ms).toLocaleString(tag, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
}
