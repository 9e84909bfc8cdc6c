import i18next from 'i18next';
import { currentSession, setSession } from './session';

/** A refused or failed call; `message` is the server's localised text or the console's own. */
export class ApiError extends Error {
  override name = 'ApiError';
}

type Schema<T> = { parse(value: unknown): T };

/** A reply whose message is a confirmation text. */
export const textReply: Schema<string> = { parse: (value) => String(value) };

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
  try {
    response = await fetch(urlOf(path, options.query), {
      method,
      headers: headers(method === 'POST', options.idempotencyKey),
      body: method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined,
    });
  } catch {
    throw new ApiError(i18next.t('errors.network'));
  }
  let envelope: { type?: unknown; message?: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new ApiError(i18next.t('errors.unexpected'));
  }
  if (envelope.type === 'ok') return options.schema.parse(envelope.message);
  // The staff session ended (expired or signed out elsewhere): back to the login form.
  const session = currentSession();
  if (session && session.expiresAt <= Date.now()) setSession(null);
  throw new ApiError(
    typeof envelope.message === 'string' ? envelope.message : i18next.t('errors.unexpected'),
  );
}

/** Downloads a file the API serves only to staff (the audit CSV), with the token in the header. */
export async function download(
  path: string,
  query: Record<string, string | number | undefined>,
  name: string,
) {
  const response = await fetch(urlOf(path, query), { headers: headers(false) });
  if (!response.ok) throw new ApiError(i18next.t('errors.unexpected'));
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
  if (!response.ok) throw new ApiError(i18next.t('errors.image'));
  return URL.createObjectURL(await response.blob());
}
