import {
  type AnyRoute,
  adminAuthMeRoute,
  type RouteInput,
  type RouteReply,
  staffProfileSchema,
  uploadFieldName,
} from '@fairex/contract';
import i18next from 'i18next';
import { currentSession, setSession } from './session';

/** A refused or failed call; `message` is the server's localised text or the console's own. */
export class ApiError extends Error {
  override name = 'ApiError';
  /** The HTTP status (0 when the server could not be reached). */
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

const forbiddenStatus = 403;
const sessionCheckPath = adminAuthMeRoute.path;

type Schema<T> = { parse(value: unknown): T };

export type CallOptions<T> = {
  schema: Schema<T>;
  query?: Record<string, string | number | undefined>;
  body?: Record<string, unknown>;
  idempotencyKey?: string;
};

function urlOf(path: string, query: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams({ lang: i18next.language });
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `/api${path}?${params}`;
}

function headers(json: boolean, idempotencyKey?: string): Record<string, string> {
  const session = currentSession();
  return {
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(session ? { authorization: session.token } : {}),
    ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
  };
}

/** One API call in the client contract: `{type, message}` replies, `lang` on every call. */
export async function call<T>(method: 'GET' | 'POST', path: string, options: CallOptions<T>): Promise<T> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(urlOf(path, options.query), {
      method,
      headers: headers(method === 'POST', options.idempotencyKey),
      body: method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined,
    });
    // Read in full here: a connection dropped mid-body is a network failure, not a bad reply.
    text = await response.text();
  } catch {
    throw new ApiError(i18next.t('errors.network'), 0);
  }
  let envelope: { type?: unknown; message?: unknown };
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    throw new ApiError(i18next.t('errors.unexpected'), response.status);
  }
  if (envelope.type === 'ok') return options.schema.parse(envelope.message);
  // The staff session ended (expired, signed out elsewhere, account disabled): back to the login
  // form. The API answers 403 both for an ended session and for a missing role, so ask which.
  const session = currentSession();
  if (session && session.expiresAt <= Date.now()) setSession(null);
  else if (response.status === forbiddenStatus && path !== sessionCheckPath) void refreshSession();
  throw new ApiError(
    typeof envelope.message === 'string' ? envelope.message : i18next.t('errors.unexpected'),
    response.status,
  );
}

/**
 * Re-reads the signed-in member (roles may have changed); signs out when the session no longer
 * stands. A network failure changes nothing.
 */
export async function refreshSession(): Promise<void> {
  const session = currentSession();
  if (!session) return;
  try {
    const staff = await call('GET', sessionCheckPath, { schema: staffProfileSchema });
    const now = currentSession();
    if (now?.token === session.token) setSession({ ...now, staff });
  } catch (failure) {
    const ended = failure instanceof ApiError && failure.status === forbiddenStatus;
    if (ended && currentSession()?.token === session.token) setSession(null);
  }
}

/** Downloads a file the API serves only to staff (the audit CSV), with the token in the header. */
export async function download(
  path: string,
  query: Record<string, string | number | undefined>,
  name: string,
) {
  const response = await fetch(urlOf(path, query), { headers: headers(false) });
  if (!response.ok) throw new ApiError(i18next.t('errors.unexpected'), response.status);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A private upload (ID photo, voucher) as an object URL: images cannot send the token themselves. */
export async function privateImageUrl(path: string): Promise<string> {
  const response = await fetch(path, { headers: headers(false) });
  if (!response.ok) throw new ApiError(i18next.t('errors.image'), response.status);
  return URL.createObjectURL(await response.blob());
}

/** Uploads a public site image (banner, news, logo) as multipart field `file`; answers its path. */
export async function uploadSiteImage(file: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append('lang', i18next.language);
  form.append(uploadFieldName, file, name);
  let response: Response;
  try {
    response = await fetch('/api/admin/upload', { method: 'POST', headers: headers(false), body: form });
  } catch {
    throw new ApiError(i18next.t('errors.network'), 0);
  }
  const envelope = (await response.json().catch(() => ({}))) as { type?: unknown; message?: unknown };
  if (envelope.type === 'ok' && typeof envelope.message === 'string') return envelope.message;
  throw new ApiError(
    typeof envelope.message === 'string' ? envelope.message : i18next.t('errors.unexpected'),
    response.status,
  );
}

/**
 * Calls a route the contract declares (packages/contract route.ts) by its declaration: its method,
 * path and reply schema, and its parameters by name as the schema takes them.
 */
export function callRoute<Route extends AnyRoute>(
  route: Route,
  options: { readonly params?: RouteInput<Route>; readonly idempotencyKey?: string } = {},
): Promise<RouteReply<Route>> {
  const params = (options.params ?? {}) as Record<string, unknown>;
  return call(route.method, route.path, {
    schema: route.reply as Schema<RouteReply<Route>>,
    ...(route.method === 'GET'
      ? { query: params as Record<string, string | number | undefined> }
      : { body: params }),
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
  });
}
