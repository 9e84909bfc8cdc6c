import { controlCharactersIssue, hasControlCharacters, type Locale } from '@fairex/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type MessageKey, translate } from '../i18n/messages';
import { AppError, platformErrors } from './app-error';
import { requestLocale, stripLangField } from './request-locale';
import {
  authorize,
  type Principal,
  presentedToken,
  type RoutePolicy,
  type SessionResolver,
} from './route-policy';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; a route without one is refused at request time and by a test. */
    policy?: RoutePolicy;
    /**
     * Moves money: honours an Idempotency-Key header (modules/idempotency) and passes the key on
     * as `request.idempotencyKey`, which services book with the ledger entry.
     */
    moneyMoving?: boolean;
  }
  interface FastifyRequest {
    locale: Locale;
    principal: Principal | null;
  }
}

/** Fastify's own 4xx errors map onto catalogue entries; anything else is internal. */
function catalogueErrorFor(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (error.validation?.some((issue) => issue.message === controlCharactersIssue)) {
    return platformErrors.controlCharacters();
  }
  if (error.validation || error.code === 'FST_ERR_VALIDATION') return platformErrors.parameterError();
  const status = error.statusCode ?? 500;
  if (status === 413) return platformErrors.requestTooLarge();
  if (status === 429) return platformErrors.tooManyRequests();
  if (status === 503) return new AppError('errors.unavailable');
  if (status >= 400 && status < 500) return platformErrors.parameterError();
  return platformErrors.internal();
}

/**
 * Whether any string a request carries (query, body, at any depth) holds a control character: the
 * net under the contract's text() fields, so no field a schema left as a bare string can carry NUL
 * to PostgreSQL (which refuses it, a 5xx) or anything else invisible into stored text.
 */
export function carriesControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlCharacters(value);
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  const items = Array.isArray(value) ? value : Object.values(value);
  return items.some((item) => carriesControlCharacters(item, depth + 1));
}

function localeOf(request: FastifyRequest): Locale {
  return request.locale ?? requestLocale(request);
}

export function errorReplyBody(locale: Locale, key: MessageKey, type: AppError['replyType']) {
  return { type, message: translate(locale, key) };
}

/**
 * The /api envelope of the client contract: `lang` resolution, route policies, and every failure
 * turned into a localised `{type, message}` with HTTP 200 (404 only for unknown routes).
 */
export function installApiEnvelope(app: FastifyInstance, sessions: SessionResolver): void {
  app.decorateRequest('locale', null as unknown as Locale);
  app.decorateRequest('principal', null);

  // The request id ties a user's report to the server's log lines.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Authorization runs before validation, so a caller without the role learns nothing about a
  // route's fields from its "Parameter error" replies: it gets 403 whatever it sends.
  app.addHook('preValidation', async (request) => {
    request.locale = requestLocale(request);
    stripLangField(request.query);
    stripLangField(request.body);
    if (request.is404) return;
    const policy = request.routeOptions.config.policy;
    if (!policy) {
      request.log.error({ url: request.routeOptions.url }, 'route without a policy refused');
      throw platformErrors.forbidden();
    }
    request.principal = await authorize(policy, presentedToken(request), sessions);
    if (carriesControlCharacters(request.query) || carriesControlCharacters(request.body)) {
      throw platformErrors.controlCharacters();
    }
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = catalogueErrorFor(error);
    if (appError.key === 'errors.internal') {
      request.log.error({ err: error }, 'request failed');
    } else if (!(error instanceof AppError)) {
      request.log.info({ code: error.code, message: error.message }, 'request refused');
    }
    return reply
      .status(appError.httpStatus)
      .send(errorReplyBody(localeOf(request), appError.key, appError.replyType));
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send(errorReplyBody(localeOf(request), 'errors.not_found', 'error'));
  });
}
