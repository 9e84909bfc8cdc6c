import { inviteSummarySchema } from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { userQueryKeys } from '../../../lib/session';

type InviteSummary = (typeof inviteSummarySchema)['_zod']['output'];

/** GET /user/invite: the invitation card's counts and code (dropped when the session ends). */
export function inviteQuery() {
  return queryOptions({
    queryKey: userQueryKeys.invite,
    queryFn: ({ signal }) =>
      apiGet<InviteSummary | null>('/user/invite', { schema: inviteSummarySchema, empty: null, signal }),
  });
}
