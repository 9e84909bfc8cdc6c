import { type Locale, replyTypes } from '@fairex/contract';
import { assertNever } from '@fairex/domain';

/** Spec sections 7 and 9. */
export const apiBasePath = '/api';
export const requestTimeoutMs = 60_000;
export const loadingIndicatorDelayMs = 800;

/** What one HTTP reply means for the caller (spec section 8). Pure: no I/O, no UI. */
export type ApiOutcome =
  | { kind: 'success'; data: unknown }
  /** HTTP 404: a soft success with empty data and a "temporarily unavailable" notice. */
  | { kind: 'unavailable' }
  /** Any other non-200 status. */
  | { kind: 'http-error'; status: number }
  /** HTTP 200 whose body is not the `{type, message}` envelope. */
  | { kind: 'bad-reply' }
  | { kind: 'session-invalid'; message: string }
  | { kind: 'verification-required'; message: string }
  | { kind: 'failure'; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameCode(value: unknown, code: number): boolean {
  return value === code || value === String(code);
}

/** A reply body read in full, as JSON; null when it is not JSON (decideApiOutcome: a bad reply). */
export function parseReplyText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Decides the outcome of a reply from its HTTP status and parsed body. */
export function decideApiOutcome(status: number, body: unknown): ApiOutcome {
  if (status === 404) {
    return { kind: 'unavailable' };
  }
  if (status !== 200) {
    return { kind: 'http-error', status };
  }
  if (!isRecord(body) || (!('type' in body) && !('code' in body))) {
    return { kind: 'bad-reply' };
  }
  const message = typeof body.message === 'string' ? body.message : '';
  if (body.type === replyTypes.ok || sameCode(body.code, 1)) {
    return { kind: 'success', data: 'message' in body ? body.message : body.data };
  }
  if (sameCode(body.type, replyTypes.sessionInvalid)) {
    return { kind: 'session-invalid', message };
  }
  if (sameCode(body.type, replyTypes.verificationRequired)) {
    return { kind: 'verification-required', message };
  }
  return { kind: 'failure', message };
}

/** Message keys the client shows itself (locales/<lang>/common.json). */
export type ClientMessageKey =
  | 'common:api.unavailable'
  | 'common:api.network'
  | 'common:api.timeout'
  | 'common:api.badReply'
  | 'common:api.failed';

/** What the client does about an outcome: resolve or reject, which toast, what else. */
export type OutcomeEffects = {
  settle: 'resolve' | 'resolve-empty' | 'reject';
  /** The server's own text when it sent one, else a client message key. */
  toast: { text: string } | { key: ClientMessageKey };
  clearSession: boolean;
  redirectTo: string | null;
};

export type RedirectRoutes = { login: string; realMark: string };

function serverText(message: string): OutcomeEffects['toast'] {
  return message.trim() === '' ? { key: 'common:api.failed' } : { text: message };
}

/** Maps every outcome except success to its effects; success has none. */
export function effectsOf(
  outcome: Exclude<ApiOutcome, { kind: 'success' }>,
  routes: RedirectRoutes,
): OutcomeEffects {
  const none = { clearSession: false, redirectTo: null };
  switch (outcome.kind) {
    case 'unavailable':
      return { settle: 'resolve-empty', toast: { key: 'common:api.unavailable' }, ...none };
    case 'http-error':
      return { settle: 'reject', toast: { key: 'common:api.network' }, ...none };
    case 'bad-reply':
      return { settle: 'reject', toast: { key: 'common:api.badReply' }, ...none };
    case 'session-invalid':
      return {
        settle: 'reject',
        toast: serverText(outcome.message),
        clearSession: true,
        redirectTo: routes.login,
      };
    case 'verification-required':
      return {
        settle: 'reject',
        toast: serverText(outcome.message),
        clearSession: false,
        redirectTo: routes.realMark,
      };
    case 'failure':
      return { settle: 'reject', toast: serverText(outcome.message), ...none };
    default:
      return assertNever(outcome);
  }
}

export type RequestParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

export type RequestSpec = {
  method: 'GET' | 'POST';
  path: string;
  params?: RequestParams;
  /** POST only: send JSON instead of the default form encoding. */
  json?: boolean;
  token: string | null;
  lang: Locale;
};

export type BuiltRequest = {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
};

function stringEntries(params: RequestParams): [string, string][] {
  return Object.entries(params).flatMap(([key, value]) =>
    value === null || value === undefined ? [] : [[key, String(value)] as [string, string]],
  );
}

/**
 * Builds the request of spec section 7: `lang` on every call (query for GET, body for POST),
 * the bare token in Authorization when there is one, form encoding unless JSON is asked for.
 */
export function buildRequest(spec: RequestSpec): BuiltRequest {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (spec.token) {
    headers.Authorization = spec.token;
  }
  const url = `${apiBasePath}${spec.path}`;
  const params = { ...spec.params, lang: spec.lang };
  if (spec.method === 'GET') {
    const query = new URLSearchParams(stringEntries(params)).toString();
    return { url: `${url}?${query}`, method: 'GET', headers };
  }
  if (spec.json) {
    headers['Content-Type'] = 'application/json';
    const body = Object.fromEntries(
      Object.entries(params).filter(([, value]) => value !== undefined),
    ) as Record<string, unknown>;
    return { url, method: 'POST', headers, body: JSON.stringify(body) };
  }
  headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  return { url, method: 'POST', headers, body: new URLSearchParams(stringEntries(params)).toString() };
}
