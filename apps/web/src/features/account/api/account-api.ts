import {
  type CodePurpose,
  type TimezoneListItem,
  timezoneListRoute,
  tokenReplySchema,
  userTimezoneReplySchema,
} from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import type { RequestParams } from '../../../lib/api-outcome';
import { callRoute } from '../../../lib/api-route';
import { userQueryKeys } from '../../../lib/session';

/**
 * The account calls of this feature (spec section 7, client contract). Each resolves only when
 * the server said ok; the API client has already toasted any failure (server text is localised).
 * A 404 "temporarily unavailable" resolves the client's empty value: actions report it as not done.
 */
const notDone = Symbol('not done');
/** Accepts any `message`: these calls reply nothing we read. */
const anyMessage = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };

/** POST an action whose reply carries nothing we need; true when the server accepted it. */
async function act(path: string, params: RequestParams): Promise<boolean> {
  const result = await apiPost<unknown>(path, { schema: anyMessage, empty: notDone, params });
  return result !== notDone;
}

/** POST a call whose reply is the session token; null when there was none. */
async function tokenCall(path: string, params: RequestParams): Promise<string | null> {
  const token = await apiPost(path, { schema: tokenReplySchema, empty: '', params });
  return token.trim() === '' ? null : token;
}

export function login(params: { user_string: string; password: string; stay: boolean }) {
  return tokenCall('/user/login', params);
}

export function register(params: {
  user_string: string;
  code: string;
  password: string;
  re_password: string;
  extension_code?: string;
  type: 'email' | 'mobile';
  area_code?: string;
}) {
  return tokenCall('/user/register', params);
}

/** POST /sms_mail: a code by e-mail. Forgot-password sends `type=forget` as existing clients do. */
export function sendEmailCode(email: string, purpose: CodePurpose) {
  const purposeParam = purpose === 'forget' ? { type: purpose } : { scene: purpose };
  return act('/sms_mail', { user_string: email, ...purposeParam });
}

/** POST /sms_send: a code by SMS. */
export function sendSmsCode(areaCode: string, mobile: string, purpose: CodePurpose) {
  return act('/sms_send', { area_code: areaCode, mobile, scene: purpose });
}

export function resetPassword(params: {
  account: string;
  password: string;
  repassword: string;
  code: string;
}) {
  return act('/user/forget', params);
}

export function changePassword(params: { old_password: string; password: string; re_password: string }) {
  return act('/safe/change_password', params);
}

export function setPayPassword(params: { password: string; re_password: string; code: string }) {
  return act('/safe/update_password', params);
}

export function bindMobile(params: { mobile: string; code: string; area_code: string }) {
  return act('/safe/mobile', params);
}

export function bindEmail(params: { email: string; code: string }) {
  return act('/safe/email', params);
}

export function setHeadPortrait(path: string) {
  return act('/user/uploadHeadPortrait', { head_portrait: path });
}

export function editProfile(params: { nickname?: string; signature?: string }) {
  return act('/user/editNickname', params);
}

export function updateTimezone(timezone: string) {
  return act('/user/timezone/update', { timezone });
}

/** GET /user/timezone: the stored zone, null when unset. */
export function userTimezoneQuery() {
  return queryOptions({
    queryKey: userQueryKeys.timezone,
    queryFn: ({ signal }) =>
      apiGet('/user/timezone', { schema: userTimezoneReplySchema, empty: { timezone: null }, signal }),
  });
}

/** GET /timezone/list: every zone, labelled with its UTC offset. */
export function timezoneListQuery() {
  return queryOptions({
    queryKey: ['timezone-list'],
    queryFn: ({ signal }) => callRoute(timezoneListRoute, { empty: [] as TimezoneListItem[], signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
