import {
  type articleCategories,
  type Locale,
  menuRoute,
  type NewsList,
  newsIndexPopRoute,
  newsListRoute,
} from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';

const emptyNewsList: NewsList = { list: [], page: 1, total: 0 };
const homeListLimit = 10;

type ArticleCategory = (typeof articleCategories)[keyof typeof articleCategories];

/** POST /news/list: banners (c_id 5) or news (c_id 4) in the reader's language. */
export function newsListQuery(categoryId: ArticleCategory, lang: Locale) {
  return queryOptions({
    queryKey: ['news-list', categoryId, lang],
    queryFn: ({ signal }) =>
      callRoute(newsListRoute, {
        empty: emptyNewsList,
        params: { c_id: categoryId, limit: homeListLimit },
        signal,
      }),
  });
}

/** GET /news/index_pop: the popup notice, or null. */
export function popupNoticeQuery(lang: Locale) {
  return queryOptions({
    queryKey: ['popup-notice', lang],
    queryFn: ({ signal }) => callRoute(newsIndexPopRoute, { empty: null, signal }),
  });
}

/** GET /menu: the Home shortcuts. */
export function menuQuery(lang: Locale) {
  return queryOptions({
    queryKey: ['menu', lang],
    queryFn: ({ signal }) => callRoute(menuRoute, { empty: [], signal }),
  });
}
