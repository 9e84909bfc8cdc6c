import { articleDetailSchema, contentPageSchema, faqReplySchema, type Locale } from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';

/** POST /news/detail {id}: one article, or null when the call is unavailable. */
export function articleQuery(id: number, lang: Locale) {
  return queryOptions({
    queryKey: ['article', id, lang],
    queryFn: ({ signal }) =>
      apiPost('/news/detail', {
        schema: articleDetailSchema.nullable(),
        empty: null,
        params: { id },
        signal,
      }),
  });
}

export function faqQuery(lang: Locale) {
  return queryOptions({
    queryKey: ['faq', lang],
    queryFn: ({ signal }) => apiGet('/faq', { schema: faqReplySchema, empty: [], signal }),
  });
}

export type ContentSlug = 'aboutus' | 'contactus' | 'operational_compliance';

/** GET /aboutus, /contactus, /operational_compliance. */
export function contentPageQuery(slug: ContentSlug, lang: Locale) {
  return queryOptions({
    queryKey: ['content-page', slug, lang],
    queryFn: ({ signal }) =>
      apiGet(`/${slug}`, { schema: contentPageSchema.nullable(), empty: null, signal }),
  });
}
