import { defaultLocale, isLocale, type Locale } from '@fairex/contract';
import type { FastifyRequest } from 'fastify';

/** Upload clients send accept-language (zh-cn, en, zh-tw) instead of a lang field. */
const acceptLanguageLocales: Record<string, Locale> = {
  'zh-cn': 'zh',
  zh: 'zh',
  'zh-tw': 'hk',
  'zh-hk': 'hk',
  en: 'en',
  th: 'th',
  ja: 'jp',
  ko: 'kor',
  fr: 'fra',
  es: 'spa',
  vi: 'vi',
  pt: 'pt',
};

function fieldOf(source: unknown): unknown {
  return source !== null && typeof source === 'object' ? (source as Record<string, unknown>).lang : undefined;
}

/** `lang` from the query, the body or a `lang` header, then accept-language; default en. */
export function requestLocale(request: FastifyRequest): Locale {
  for (const candidate of [fieldOf(request.query), fieldOf(request.body), request.headers.lang]) {
    if (isLocale(candidate)) return candidate;
  }
  const accept = request.headers['accept-language'];
  if (typeof accept === 'string') {
    for (const part of accept.toLowerCase().split(',')) {
      const tag = part.split(';')[0]?.trim() ?? '';
      const locale = acceptLanguageLocales[tag] ?? acceptLanguageLocales[tag.split('-')[0] ?? ''];
      if (locale) return locale;
    }
  }
  return defaultLocale;
}

/** `lang` is envelope, not payload: drop it so strict schemas see only the call's own fields. */
export function stripLangField(source: unknown): void {
  if (source !== null && typeof source === 'object' && 'lang' in source) {
    delete (source as Record<string, unknown>).lang;
  }
}
