import {
  type AnyRoute,
  type CodePurpose,
  type PostRoute,
  type RouteInput,
  safeChangePasswordRoute,
  safeEmailRoute,
  safeMobileRoute,
  safeUpdatePasswordRoute,
  smsMailRoute,
  smsSendRoute,
  type TimezoneListItem,
  timezoneListRoute,
  type tokenReplySchema,
  userEditNicknameRoute,
  userForgetRoute,
  userLoginRoute,
  userRegisterRoute,
  userTimezoneRoute,
  userTimezoneUpdateRoute,
  userUploadHeadPortraitRoute,
} from '@fairex/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api-route';
import { userQueryKeys } from '../../../lib/session';

/**
 * The account calls of this feature (spec section 7, client contract). Each resolves only when
 * the server said ok; the API client has already toasted any failure (server text is localised).
 * A 404 "temporarily unavailable" resolves the client's empty value: actions report it as not done.
 */
const notDone = Symbol('not done');
/** POST an action whose reply carries nothing we need; true when the server accepted it. */
async function act<Route extends AnyRoute>(route: Route, params: RouteInput<Route>): Promise<boolean> {
  const result = await callRoute(route, { empty: notDone, params });
  return result !== notDone;
}

/** POST a call whose reply is the session token; null when there was none. */
async function tokenCall<Route extends PostRoute<string, z.ZodType, typeof tokenReplySchema>>(
  route: Route,
  params: RouteInput<Route>,
): Promise<string | null> {
  const token: string = await callRoute(route, { empty: '', params });
  return token.trim() === '' ? null : token;
}

export function login(params: { user_string: string; password: string; stay: boolean }) {
  return tokenCall(userLoginRoute, params);
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
  return tokenCall(userRegisterRoute, params);
}

/** POST /sms_mail: a code by e-mail. Forgot-password sends `type=forget` as existing clients do. */
export function sendEmailCode(email: string, purpose: CodePurpose) {
  const purposeParam = purpose === 'forget' ? { type: purpose } : { scene: purpose };
  return act(smsMailRoute, { user_string: email, ...purposeParam });
}

/** POST /sms_send: a code by SMS. */
export function sendSmsCode(areaCode: string, mobile: string, purpose: CodePurpose) {
  return act(smsSendRoute, { area_code: areaCode, mobile, scene: purpose });
}

export function resetPassword(params: {
  account: string;
  password: string;
  repassword: string;
  code: string;
}) {
  return act(userForgetRoute, params);
}

export function changePassword(params: { old_password: string; password: string; re_password: string }) {
  return act(safeChangePasswordRoute, params);
}

export function setPayPassword(params: { password: string; re_password: string; code: string }) {
  return act(safeUpdatePasswordRoute, params);
}

export function bindMobile(params: { mobile: string; code: string; area_code: string }) {
  return act(safeMobileRoute, params);
}

export function bindEmail(params: { email: string; code: string }) {
  return act(safeEmailRoute, params);
}

export function setHeadPortrait(path: string) {
  return act(userUploadHeadPortraitRoute, { head_portrait: path });
}

export function editProfile(params: { nickname?: string; signature?: string }) {
  return act(userEditNicknameRoute, params);
}

export function updateTimezone(timezone: string) {
  return act(userTimezoneUpdateRoute, { timezone });
}

/** GET /user/timezone: the stored zone, null when unset. */
export function userTimezoneQuery() {
  return queryOptions({
    queryKey: userQueryKeys.timezone,
    queryFn: ({ signal }) => callRoute(userTimezoneRoute, { empty: { timezone: null }, signal }),
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
