import formBody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppModule } from './platform/app-module';
import type { Clock } from './platform/clock';
import type { Database } from './platform/db/database';
import { installApiEnvelope } from './platform/http/api-envelope';
import { inlineScriptHashes, serveBuiltApp } from './platform/http/built-apps';
import { policies, type RoutePolicy, type SessionResolver } from './platform/http/route-policy';
import { newRequestId } from './platform/logger';
import { installSocketServer } from './platform/realtime/socket-server';

/** What the HTTP server is made of: the modules the composition root built, and who is calling. */
export type AppDeps = {
  readonly config: Config;
  readonly db: Database;
  readonly clock: Clock;
  readonly logger: FastifyBaseLogger;
  readonly sessions: SessionResolver;
  readonly modules: readonly AppModule[];
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
    loggerInstance: deps.logger,
    genReqId: newRequestId,
    requestIdHeader: 'x-request-id',
    bodyLimit: apiBodyLimitBytes,
    trustProxy: deps.config.trustProxy,
    return503OnClosing: true,
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

  // Security headers on every reply (issue 22): the web app and the console load only their own
  // scripts; images may come from operator-set https URLs; WalletConnect talks to its relays over
  // https/wss; no page may frame them (clickjacking); no URL leaks to other sites as a referrer.
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The web's early-preload script is inline: allowed by its hash, no other inline script.
        scriptSrc: ["'self'", ...inlineScriptHashes([deps.config.webDistDir, deps.config.adminDistDir])],
        // antd-mobile and the charts set style attributes; index.html has one style block.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https:', 'wss:'],
        frameSrc: ["'self'", 'https:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Wallet popups (Coinbase) need to keep their opener; cross-origin isolation is not needed.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    // HSTS belongs to the TLS terminator in front, which knows whether HTTPS is served at all.
    strictTransportSecurity: false,
  });
  installApiEnvelope(app, deps.sessions);
  for (const module of deps.modules) module.install?.(app);
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
      for (const module of deps.modules) if (module.routes) await api.register(module.routes);
    },
    { prefix: '/api' },
  );
  for (const module of deps.modules) if (module.rootRoutes) await app.register(module.rootRoutes);

  // Each module's Socket.IO fan-out, on the socket server the app owns.
  for (const module of deps.modules) {
    if (!module.realtime) continue;
    const realtime = module.realtime(app.io);
    app.addHook('preClose', async () => realtime.stop());
  }
  // Actors and timers go once in-flight requests are done; the database outlives the app.
  app.addHook('onClose', async () => {
    for (const module of [...deps.modules].reverse()) await module.close?.();
  });

  await serveBuiltApp(app, { root: deps.config.webDistDir });
  // The operator console (apps/admin) at /admin/, from the same origin as the API it calls.
  if (await serveBuiltApp(app, { root: deps.config.adminDistDir, prefix: '/admin/', decorateReply: false })) {
    app.get('/admin', { schema: { hide: true } }, (_request, reply) => reply.redirect('/admin/', 301));
  }
  return app;
}
