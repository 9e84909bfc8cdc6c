/**
 * Money-moving POSTs with an Idempotency-Key header. The shared client sends no custom headers,
 * so these calls are made here, with the same request shape (lib/api-outcome buildRequest) and
 * the same handling of every reply (spec section 8). (The assets and deposit features carry the
 * same helper; it belongs in lib/ once one copy is agreed.)
 */
import i18next from 'i18next';
import { ApiError, type ReplySchema } from '../../../lib/api-client';
import {
  buildRequest,
  type ClientMessageKey,
  decideApiOutcome,
  effectsOf,
  type RequestParams,
  requestTimeoutMs,
} from '../../../lib/api-outcome';
import { appRoutes, navigateTo, redirectDelayMs } from '../../../lib/navigation';
import { useAppStore } from '../../../lib/stores/app-store';
import { showToast } from '../../../lib/toast';

function fail(kind: ApiError['kind'], text: string): never {
  showToast(text);
  throw new ApiError(kind, text);
}

const clientText = (key: ClientMessageKey) => i18next.t(key);

/** Toasts, clears the session or redirects (998: the real-name page) as the shared client does. */
function settleFailure(status: number, body: unknown): never {
  const outcome = decideApiOutcome(status, body);
  if (outcome.kind === 'success') throw new Error('settleFailure called on a success');
  const effects = effectsOf(outcome, { login: appRoutes.login, realMark: appRoutes.realMark });
  const text = 'key' in effects.toast ? clientText(effects.toast.key) : effects.toast.text;
  if (effects.clearSession) useAppStore.getState().clearSession();
  const redirectTo = effects.redirectTo;
  if (redirectTo !== null) setTimeout(() => navigateTo(redirectTo), redirectDelayMs);
  fail(outcome.kind === 'unavailable' ? 'failure' : outcome.kind, text);
}

/**
 * POST `path` under /api (form-encoded) with an Idempotency-Key; resolves the validated message.
 * A timeout or lost connection throws ApiError 'timeout'/'network': the caller may retry with the
 * same key, and the server acts on the request at most once.
 */
export async function idempotentPost<T>(
  path: string,
  options: { schema: ReplySchema<T>; idempotencyKey: string; params: RequestParams },
): Promise<T> {
  const { token, lang } = useAppStore.getState();
  const request = buildRequest({ method: 'POST', path, params: options.params, token, lang });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), requestTimeoutMs);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: { ...request.headers, 'Idempotency-Key': options.idempotencyKey },
      body: request.body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch {
    return fail(
      controller.signal.aborted ? 'timeout' : 'network',
      clientText(controller.signal.aborted ? 'common:api.timeout' : 'common:api.network'),
    );
  } finally {
    clearTimeout(timer);
  }
  const body: unknown = response.status === 200 ? await response.json().catch(() => null) : null;
  const outcome = decideApiOutcome(response.status, body);
  if (outcome.kind !== 'success') settleFailure(response.status, body);
  const parsed = options.schema.safeParse(outcome.data);
  if (!parsed.success) fail('bad-reply', clientText('common:api.badReply'));
  return parsed.data;
}
