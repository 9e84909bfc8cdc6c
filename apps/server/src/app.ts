import formBody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { accountsRoutes } from './modules/accounts';
import { adjustmentsRoutes } from './modules/adjustments';
import { auditRoutes } from './modules/audit';
import { contentRoutes } from './modules/content';
import { depositsRoutes } from './modules/deposits';
import { fiatRoutes } from './modules/fiat';
import type { FiatRateSource } from './modules/fiat/fiat.source';
import { installIdempotency } from './modules/idempotency';
import { ledgerModule } from './modules/ledger';
import { marketRoutes, marketServiceFor } from './modules/market';
import { installMarketRealtime } from './modules/market/realtime';
import { payoutMethodsRoutes } from './modules/payout-methods';
import { installSpotRealtime, spotRoutes, spotServiceFor } from './modules/spot';
import { staffRoutes } from './modules/staff';
import { timezoneRoutes } from './modules/timezone';
import { uploadFileRoutes, uploadRoutes } from './modules/upload';
import { userAdminRoutes } from './modules/user-admin';
import { verificationRoutes } from './modules/verification';
import { walletRoutes } from './modules/wallet';
import { walletAuthRoutes } from './modules/wallet-auth';
import { withdrawalsRoutes } from './modules/withdrawals';
import type { Clock } from './platform/clock';
import type { DatabaseHandle } from './platform/db/database';
import { installApiEnvelope } from './platform/http/api-envelope';
import { serveBuiltApp } from './platform/http/built-apps';
import { policies, type RoutePolicy, type SessionResolver } from './platform/http/route-policy';
import { loggerOptions, newRequestId } from './platform/logger';
import { installSocketServer } from './platform/realtime/socket-server';
import type { FileStorage } from './platform/storage/file-storage';

/** Everything the app needs from the world, built by main.ts or by a test. */
export type AppDeps = {
  readonly config: Config;
  readonly database: DatabaseHandle;
  readonly clock: Clock;
  readonly sessions: SessionResolver;
  readonly storage: FileStorage;
  /** The public fiat-rate service; null keeps the bundled table (offline installs, tests). */
  readonly fiatRateSource: FiatRateSource | null;
};

export type RegisteredRoute = { method: string; url: string; policy: RoutePolicy | undefined };

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

const apiBodyLimitBytes = 256 * 1024;
/** Routes outside /api that only serve public assets: the web app and the API reference. */
const publicAssetPrefixes = ['/api/docs', '/'];

/** Builds the whole server without listening, so tests drive it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel),
    genReqId: newRequestId,
    requestIdHeader: 'x-request-id',
    bodyLimit: apiBodyLimitBytes,
    trustProxy: deps.config.trustProxy,
    return503OnClosing: true,
    // A fresh install backfills 30 days of market history while its plugin starts (~10 s, more on
    // a loaded machine); Fastify's default 10 s would abort the start.
    pluginTimeout: 120_000,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  app.addHook('onRoute', (route) => {
    const isPublicAsset =
      !route.url.startsWith('/api/') ||
      publicAssetPrefixes.some((prefix) => prefix !== '/' && route.url.startsWith(prefix));
    if (!route.config?.policy && isPublicAsset) {
      route.config = { ...route.config, policy: policies.public };
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      app.registeredRoutes.push({ method, url: route.url, policy: route.config?.policy });
    }
  });

  installApiEnvelope(app, deps.sessions);
  installIdempotency(app, { db: deps.database.db, clock: deps.clock });
  await app.register(formBody, { bodyLimit: apiBodyLimitBytes });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Fairex API',
        version: '1.0.0',
        description:
          'Every answered call replies HTTP 200 with `{type, message}`: `type` "ok" with the data, ' +
          '"error" with a message localised to `lang`, 999 for an invalid session, 998 where ' +
          'verification is required. Bodies may be form-encoded or JSON. The session token travels ' +
          'bare (or as Bearer) in Authorization.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  installSocketServer(app, deps.clock);

  await app.register(
    async (api) => {
      await api.register(ledgerModule(deps));
      await api.register(accountsRoutes(deps));
      await api.register(walletAuthRoutes(deps));
      await api.register(verificationRoutes(deps));
      await api.register(contentRoutes(deps));
      await api.register(timezoneRoutes(deps));
      await api.register(uploadRoutes(deps));
      await api.register(fiatRoutes(deps));
      await api.register(marketRoutes(deps));
      await api.register(walletRoutes(deps));
      await api.register(depositsRoutes(deps));
      await api.register(payoutMethodsRoutes(deps));
      await api.register(withdrawalsRoutes(deps));
      await api.register(spotRoutes(deps));
      await api.register(staffRoutes(deps));
      await api.register(auditRoutes(deps));
      await api.register(adjustmentsRoutes(deps));
      await api.register(userAdminRoutes(deps));
    },
    { prefix: '/api' },
  );
  await app.register(uploadFileRoutes(deps));

  // Quotes and candles fan out over Socket.IO on a fixed flush tick (conventions rule 6).
  const marketRealtime = installMarketRealtime(app.io, marketServiceFor(deps));
  app.addHook('preClose', async () => marketRealtime.stop());
  // Spot depth and trades conflated per pair; a user's orders and balances after each commit.
  const spotRealtime = installSpotRealtime(app.io, spotServiceFor(deps));
  app.addHook('preClose', async () => spotRealtime.stop());

  await serveBuiltApp(app, { root: deps.config.webDistDir });
  // The operator console (apps/admin) at /admin/, from the same origin as the API it calls.
  if (await serveBuiltApp(app, { root: deps.config.adminDistDir, prefix: '/admin/', decorateReply: false })) {
    app.get('/admin', { schema: { hide: true } }, (_request, reply) => reply.redirect('/admin/', 301));
  }
  return app;
}
