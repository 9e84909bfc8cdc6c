import { type Locale, localeTags } from '@fairex/contract';

/** A calendar date in the reader's locale, e.g. "12 Nov 2026"; the input as-is if unparsable. */
export function formatDate(value: string | number, locale: Locale): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    return String(value);
  }
  return new Intl.DateTimeFormat(localeTags[locale], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(date);
}

/** A `YYYY-MM-DD` calendar date in the reader's locale, without shifting it across time zones. */
export function formatCalendarDate(isoDate: string, locale: Locale): string {
  const match = /^(-?\d{4,})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) {
    return isoDate;
  }
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(localeTags[locale], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** The currency's name in the reader's language, e.g. "Thai Baht"; the code if Intl lacks it. */
export function currencyName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([localeTags[locale]], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Upload paths from the API are site-relative; absolute URLs pass through. */
export function assetUrl(path: string | null | undefined): string | null {
  if (!path) {
    return null;
  }
  if (/^(https?:|data:|blob:)/.test(path) || path.startsWith('/')) {
    return path;
  }
  return `/${path}`;
}

/** Server content is plain text: split it into paragraphs, dropping any markup that slipped in. */
export function toParagraphs(text: string): string[] {
  return text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .split(/\n\s*\n|\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}
