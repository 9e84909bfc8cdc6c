import { realStateRoute, userRealRoute } from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';
import { userQueryRoot } from '../../../lib/session';
import type { Lv1FormValues } from '../verification-rules';

/** Under the `user` root, so a new session refetches it and a logout drops it. */
export const realStateQueryKey = [userQueryRoot, 'real-state'] as const;

/** GET /real/state: both levels' states; null on a soft failure (the call is unavailable). */
export function realStateQuery() {
  return queryOptions({
    queryKey: realStateQueryKey,
    queryFn: ({ signal }) => callRoute(realStateRoute, { empty: null, signal }),
    // A review may have ended while the page was closed or in the background: ask again on each
    // visit and on return to the tab (a socket event covers the page left open).
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
  });
}

/** POST /user/real, Lv1: document type, name and number. */
export async function submitLv1(values: Lv1FormValues): Promise<void> {
  await callRoute(userRealRoute, {
    empty: null,
    params: {
      real_type: 1,
      id_type: values.id_type,
      name: values.name.trim(),
      card_id: values.card_id.trim(),
    },
  });
}

/** POST /user/real, Lv2: the two uploaded photo paths. */
export async function submitLv2(photos: { front: string; reverse: string }): Promise<void> {
  await callRoute(userRealRoute, {
    empty: null,
    params: { real_type: 2, front_pic: photos.front, reverse_pic: photos.reverse },
  });
}
