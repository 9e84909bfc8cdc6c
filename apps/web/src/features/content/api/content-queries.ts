import type { customerServiceKeywords as contractKeywords } from '@fairex/contract';
import {
  aboutusRoute,
  contactusRoute,
  faqRoute,
  getSettingRoute,
  type Locale,
  newsDetailRoute,
  operationalComplianceRoute,
} from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';

/** POST /news/detail {id}: one article, or null when the call is unavailable. */
export function articleQuery(id: number, lang: Locale) {
  return queryOptions({
    queryKey: ['article', id, lang],
    queryFn: ({ signal }) => callRoute(newsDetailRoute, { empty: null, params: { id }, signal }),
  });
}

export function faqQuery(lang: Locale) {
  return queryOptions({
    queryKey: ['faq', lang],
    queryFn: ({ signal }) => callRoute(faqRoute, { empty: [], signal }),
  });
}

const contentPageRoutes = {
  aboutus: aboutusRoute,
  contactus: contactusRoute,
  operational_compliance: operationalComplianceRoute,
} as const;
export type ContentSlug = keyof typeof contentPageRoutes;

/** GET /aboutus, /contactus, /operational_compliance. */
export function contentPageQuery(slug: ContentSlug, lang: Locale) {
  return queryOptions({
    queryKey: ['content-page', slug, lang],
    queryFn: ({ signal }) => callRoute(contentPageRoutes[slug], { empty: null, signal }),
  });
}

/**
 * The contract's customerServiceKeywords, restated: importing that value would move it into the
 * entry chunk, where the contract's shared code lives, for a page that is not Home.
 */
const customerServiceKeywords = [
  'kefu_url',
  'whatsapp_url',
  'telegram_url',
] as const satisfies readonly (typeof contractKeywords)[number][];
export type CustomerServiceKeyword = (typeof customerServiceKeywords)[number];
type CustomerServiceLink = { readonly keyword: CustomerServiceKeyword; readonly url: string };

/**
 * GET /getSetting for each customer-service link the operator may configure (spec section 7:
 * online chat, WhatsApp, Telegram): the configured ones, in that order; unset ones are left out.
 */
export function customerServiceLinksQuery() {
  return queryOptions({
    queryKey: ['setting', 'customer-service'],
    queryFn: async ({ signal }): Promise<CustomerServiceLink[]> => {
      const values = await Promise.all(
        customerServiceKeywords.map((keyword) =>
          callRoute(getSettingRoute, { empty: null, params: { keyword }, signal }),
        ),
      );
      return customerServiceKeywords.flatMap((keyword, index) => {
        const value = values[index];
        return typeof value === 'string' && value.trim() !== '' ? [{ keyword, url: value.trim() }] : [];
      });
    },
  });
}
