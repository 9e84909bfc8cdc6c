import formBody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { DatabaseHandle } from '../../platform/db/database';
import { installApiEnvelope } from '../../platform/http/api-envelope';
import type { RoutePolicy } from '../../platform/http/route-policy';
import type { TestDatabase } from '../../test-support/test-databases';
import { createSessionResolver } from '../accounts';
import { createStaffModule } from './index';
import { withStaffSessions } from './staff.service';
import { hotpCode, totpSecretFromBase32, totpStepAt } from './staff.totp';

export type Reply = { status: number; body: { type: unknown; message: unknown } };

export type StaffTestApp = {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  /** Every route the staff plugin registered, with the policy it states. */
  readonly routes: { method: string; url: string; policy: RoutePolicy | undefined }[];
  post(path: string, body: Record<string, unknown>, token?: string): Promise<Reply>;
  get(path: string, token?: string): Promise<Reply>;
  close(): Promise<void>;
};

/**
 * The /api envelope, user sessions wrapped by withStaffSessions, and the staff routes: the lines
 * app.ts and main.ts gain when the module is wired in, on a real database.
 */
export async function startStaffTestApp(
  testDatabase: TestDatabase,
  options: { clock: Clock; staffTotpKey?: string; database?: DatabaseHandle },
): Promise<StaffTestApp> {
  const database = options.database ?? (await testDatabase.open());
  const { clock } = options;
  const app = Fastify({ logger: false, onProtoPoisoning: 'error' }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: StaffTestApp['routes'] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, policy: route.config?.policy });
  });
  const sessions = withStaffSessions(createSessionResolver({ db: database.db, clock }), {
    db: database.db,
    clock,
  });
  installApiEnvelope(app, sessions);
  await app.register(formBody);
  await app.register(swagger, {
    openapi: {
      info: { title: 'staff', version: '1' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  const staff = createStaffModule({
    db: database.db,
    clock,
    config: { demo: false, staffTotpKey: options.staffTotpKey },
  });
  if (staff.routes) await app.register(staff.routes, { prefix: '/api' });
  await app.ready();

  async function call(
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
    token?: string,
  ) {
    const response = await app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: token ? { authorization: token } : {},
    });
    return { status: response.statusCode, body: response.json() };
  }
  return {
    app,
    database,
    routes,
    post: (path, body, token) => call('POST', `/api${path}`, { ...body, lang: 'en' }, token),
    get: (path, token) => call('GET', `/api${path}?lang=en`, undefined, token),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The code an authenticator app with this secret shows at `at`. */
export function totpCodeAt(secretBase32: string, at: Date, stepOffset = 0): string {
  const secret = totpSecretFromBase32(secretBase32);
  if (!secret) throw new Error(`not base32: ${secretBase32}`);
  return hotpCode({ secret, counter: totpStepAt(at.getTime()) + stepOffset });
}
