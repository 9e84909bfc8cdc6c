import i18next from 'i18next';
import {
  type ApiOutcome,
  buildRequest,
  type ClientMessageKey,
  decideApiOutcome,
  effectsOf,
  loadingIndicatorDelayMs,
  parseReplyText,
  type RequestParams,
  requestTimeoutMs,
} from './api-outcome';
import { appRoutes, navigateTo, redirectDelayMs } from './navigation';
import { useAppStore } from './stores/app-store';
import { clearToast, showLoadingToast, showToast } from './toast';

export type ApiErrorKind = Exclude<ApiOutcome['kind'], 'success' | 'unavailable'> | 'timeout' | 'network';

/** A rejected call; `message` is already localised (the server's text or the client's own). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** What the client needs of a contract schema (a zod schema satisfies it). */
export type ReplySchema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
};

/** A call's reply schema and the data a soft success (HTTP 404) resolves with. */
export type CallOptions<T> = {
  schema: ReplySchema<T>;
  empty: NoInfer<T>;
  params?: RequestParams;
  /** Abort signal from TanStack Query, so unmounted screens stop waiting. */
  signal?: AbortSignal;
};

/** One delayed loading indicator shared by all calls in flight (spec: after 800 ms). */
const loading = {
  inFlight: 0,
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
  shown: false,
};

function beginLoading(): void {
  loading.inFlight += 1;
  if (loading.inFlight === 1) {
    loading.timer = setTimeout(() => {
      loading.shown = true;
      showLoadingToast(i18next.t('common:api.loading'));
    }, loadingIndicatorDelayMs);
  }
}

function endLoading(): void {
  loading.inFlight = Math.max(0, loading.inFlight - 1);
  if (loading.inFlight > 0) {
    return;
  }
  clearTimeout(loading.timer);
  if (loading.shown) {
    loading.shown = false;
    clearToast();
  }
}

function clientText(key: ClientMessageKey): string {
  return i18next.t(key);
}

/** The request never got an HTTP reply. */
type TransportFailure = { kind: 'timeout' } | { kind: 'network' };

type TransportOptions = {
  params?: RequestParams;
  json?: boolean;
  signal?: AbortSignal;
  idempotencyKey?: string;
  accept?: string;
};

/**
 * One request under /api with the session token, the timeout and the loading indicator; `read`
 * turns the HTTP reply into what the caller settles.
 */
export async function transport<Reply>(
  method: 'GET' | 'POST',
  path: string,
  options: TransportOptions,
  read: (response: Response) => Promise<Reply>,
): Promise<Reply | TransportFailure> {
  const { token, lang } = useAppStore.getState();
  const request = buildRequest({ method, path, params: options.params, json: options.json, token, lang });
  if (options.idempotencyKey) request.headers['Idempotency-Key'] = options.idempotencyKey;
  if (options.accept) request.headers.Accept = options.accept;
  const controller = new AbortController();
  const timeout = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    requestTimeoutMs,
  );
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  beginLoading();
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    return await read(response);
  } catch (error) {
    if (options.signal?.aborted) {
      throw error;
    }
    return controller.signal.aborted ? { kind: 'timeout' } : { kind: 'network' };
  } finally {
    clearTimeout(timeout);
    options.signal?.removeEventListener('abort', onCallerAbort);
    endLoading();
  }
}

/** The reply's envelope, read only from an HTTP 200 (spec section 8). */
export async function readEnvelope(response: Response): Promise<ApiOutcome> {
  if (response.status !== 200) {
    return decideApiOutcome(response.status, null);
  }
  // A body that cannot be read (the caller gave up, the timeout, a dropped connection) throws to
  // transport, which tells those apart; only a body read in full that is not JSON is a bad reply.
  // A query TanStack cancelled mid-body used to toast "Unexpected reply from the server".
  return decideApiOutcome(response.status, parseReplyText(await response.text()));
}

/** One call under /api whose reply is the {type, message} envelope. */
export function send(method: 'GET' | 'POST', path: string, options: TransportOptions) {
  return transport(method, path, options, readEnvelope);
}

/**
 * What a soft success (HTTP 404) settles to: the call's `empty` data, or a rejection for calls
 * whose caller awaits a result (a money-moving request either happened or failed).
 */
type EmptyReply<T> = { resolve: T } | 'reject';

export function settle<T>(
  outcome: ApiOutcome | TransportFailure,
  schema: ReplySchema<T>,
  empty: EmptyReply<T>,
): T {
  if (outcome.kind === 'timeout' || outcome.kind === 'network') {
    const text = clientText(outcome.kind === 'timeout' ? 'common:api.timeout' : 'common:api.network');
    showToast(text);
    throw new ApiError(outcome.kind, text);
  }
  if (outcome.kind === 'success') {
    const parsed = schema.safeParse(outcome.data);
    if (parsed.success) {
      return parsed.data;
    }
    const text = clientText('common:api.badReply');
    showToast(text);
    throw new ApiError('bad-reply', text);
  }
  const effects = effectsOf(outcome, { login: appRoutes.login, realMark: appRoutes.realMark });
  const text = 'key' in effects.toast ? clientText(effects.toast.key) : effects.toast.text;
  showToast(text);
  if (effects.clearSession) {
    useAppStore.getState().clearSession();
  }
  const redirectTo = effects.redirectTo;
  if (redirectTo !== null) {
    setTimeout(() => navigateTo(redirectTo), redirectDelayMs);
  }
  if (effects.settle === 'resolve-empty' && empty !== 'reject') {
    return empty.resolve;
  }
  throw new ApiError(outcome.kind === 'unavailable' ? 'failure' : outcome.kind, text);
}

/** GET `path` under /api; resolves the validated `message`. */
export async function apiGet<T>(path: string, options: CallOptions<T>): Promise<T> {
  return settle(await send('GET', path, options), options.schema, { resolve: options.empty });
}
