import { userInviteRoute } from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-route';
import { userQueryKeys } from '../../../lib/session';

/** GET /user/invite: the invitation card's counts and code (dropped when the session ends). */
export function inviteQuery() {
  return queryOptions({
    queryKey: userQueryKeys.invite,
    queryFn: ({ signal }) => callRoute(userInviteRoute, { empty: null, signal }),
  });
}
