/**
 * Throttling (issue 22 defects 4 and 5): @fastify/rate-limit on sign-in, code sending,
 * registration and uploads per source address, and on uploads per signed-in caller, counting in
 * the database (rate_limit_counters) so restarts and several server processes share the counts.
 * A caller over a limit gets "Too many requests"; if the database cannot count, the request goes
 * on (the database being down fails it anyway).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { platformErrors } from '../../platform/http/app-error';
import { addressRules, ruleFor, userRules } from './throttle.domain';
import { databaseRateLimitStore } from './throttle.store';

export const throttleManifest = { name: 'throttle' } as const satisfies ModuleManifest;

type Limiter = (request: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean }>;

function callerKey(request: FastifyRequest): string | null {
  const principal = request.principal;
  if (!principal) return null;
  return principal.kind === 'user' ? `user:${principal.userId}` : `staff:${principal.staffId}`;
}

/** `enabled`: the THROTTLE setting (off only in tests). */
export function createThrottleModule(deps: { enabled: boolean; db: Database; clock: Clock }): AppModule {
  function install(app: FastifyInstance): void {
    if (!deps.enabled) return;
    // Runs before the plugin's own onRoute hook (added when it loads), which reads config.rateLimit.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const rule = methods.map((method) => ruleFor(addressRules, method, route.url)).find(Boolean);
      if (!rule) return;
      route.config = {
        ...route.config,
        rateLimit: {
          max: rule.max,
          timeWindow: rule.windowMs,
          groupId: `:${rule.name}`,
          keyGenerator: (request: FastifyRequest) => `address:${request.ip}`,
        },
      };
    });
    void app.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(deps.db, deps.clock),
      skipOnError: true,
    });
    // Per caller, once the envelope has resolved who is calling (preValidation).
    const limiters = new Map<string, Limiter>();
    app.addHook('preHandler', async (request) => {
      const rule = ruleFor(userRules, request.method, request.routeOptions.url ?? '');
      const key = callerKey(request);
      if (!rule || !key) return;
      let limiter = limiters.get(rule.name);
      if (!limiter) {
        limiter = app.createRateLimit({
          max: rule.max,
          timeWindow: rule.windowMs,
          keyGenerator: (caller: FastifyRequest) => `${callerKey(caller)}:${rule.name}`,
        }) as Limiter;
        limiters.set(rule.name, limiter);
      }
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) throw platformErrors.tooManyRequests();
    });
  }
  return { ...throttleManifest, install };
}
