/**
 * The accounts module's public surface: its routes, the session resolver main.ts wires into the
 * app, and what other modules need of users (wallet sign-in, sessions, contacts, verification
 * level, payment password and codes for withdrawals).
 */

import type { FastifyError } from 'fastify';
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { createDelivery, type MailSender, type SmsSender } from '../../platform/delivery/delivery';
import { type DeliveryConfig, deliveryAdaptersFrom } from '../../platform/delivery/delivery-adapters';
import { endSessionSockets, installSocketAuth } from '../../platform/realtime/socket-server';
import { validationErrorFor } from './accounts.domain';
import { accountsError } from './accounts.errors';
import { authRoutes } from './accounts.routes';
import { createAccountsService } from './accounts.service';
import { insertOutboxMessage } from './codes.repository';
import { createCodeService } from './codes.service';
import { outboxRoutes } from './outbox.routes';
import { profileRoutes } from './profile.routes';
import { createProfileService } from './profile.service';
import { resolveSessionToken, type SessionEvents } from './sessions.service';

/** Password hashing (argon2id) for the staff accounts of the operator console. */
export { hashPassword, verifyPassword } from './accounts.secrets';
/** @public */
export {
  type AccountsService,
  type AccountsServiceDeps,
  consumeUserCode,
  createAccountsService,
  verifyPayPassword,
} from './accounts.service';
/** @public */
export { createSessionResolver, issueSession } from './sessions.service';
/** @public */
export {
  ensureDemoUser,
  findOrCreateWalletUser,
  getUserContact,
  setVerificationLevel,
} from './users.service';

/** For the operator console's users admin (modules/user-admin). */
export {
  countLiveUserSessions,
  findUserForStaff,
  listUserSessionsForStaff,
  lockUserForStaff,
  revokeUserSessionsForStaff,
  type StaffUserView,
  searchUsersForStaff,
  setUserLoginFrozen,
} from './users.staff';

/** What the accounts routes need from the app; AppDeps satisfies it. */
export type AccountsModuleDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly config: DeliveryConfig & { readonly demo: boolean };
  /** Real-world delivery adapters; by default built from the config (SMTP_URL, SMS_PROVIDER_URL). */
  readonly delivery?: { readonly mail: MailSender | null; readonly sms: SmsSender | null };
  /** How many of these users have traded (the invitation card's "traded" figure). */
  readonly countTraders: (userIds: readonly number[]) => Promise<number>;
};

/**
 * Field-specific messages for refused bodies where they help the user (a short password, a code
 * that is not 6 digits, a nickname too long); anything else goes on to the envelope's handler.
 */
function refineValidationError(error: FastifyError): never {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const code = validationErrorFor(error.validation);
    if (code) throw accountsError(code);
  }
  throw error;
}

/** Registration, login, sessions, codes, passwords, bound addresses, profile, dev outbox. */
function accountsRoutes(deps: AccountsModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const db = deps.db;
    const { clock, config } = deps;
    const delivery = createDelivery({
      ...(deps.delivery ?? deliveryAdaptersFrom(config)),
      outbox: { record: (entry) => insertOutboxMessage(db, entry) },
      demo: config.demo,
      clock,
      logger: app.log,
    });
    app.addHook('onClose', () => delivery.close());
    if (!config.demo && (delivery.mode.email === 'outbox' || delivery.mode.sms === 'outbox')) {
      app.log.warn(
        { delivery: delivery.mode },
        'a delivery channel is not configured (SMTP_URL, SMS_PROVIDER_URL): its codes cannot reach users',
      );
    }

    // The database is the truth: a session revoked there is dead for every request and every
    // later `auth`, so a socket server hiccup is logged rather than failing the caller's request.
    const sessionEvents: SessionEvents = {
      ended: async (ended) => {
        await endSessionSockets(app.io, ended).catch((error: unknown) => {
          app.log.warn(
            { err: error, userId: ended.userId },
            'could not disconnect the sockets of an ended session',
          );
        });
      },
    };
    installSocketAuth(app.io, async (token) => {
      const session = await resolveSessionToken(db, { token, clock });
      return session ? { userId: session.userId, sessionKey: session.sessionKey } : null;
    });

    const accounts = createAccountsService({ db, clock, sessionEvents });
    const codes = createCodeService({ db, clock, delivery });
    const profile = createProfileService({ db, clock, countTraders: deps.countTraders });

    app.setErrorHandler(refineValidationError);
    await app.register(authRoutes({ accounts, codes, demoOutbox: config.demo }));
    await app.register(profileRoutes({ accounts, profile }));
    if (config.demo) await app.register(outboxRoutes(db));
  };
}

export const accountsManifest = {
  name: 'accounts',
  localeNamespace: 'accounts',
} as const satisfies ModuleManifest;

export function createAccountsModule(deps: AccountsModuleDeps): AppModule {
  return { ...accountsManifest, routes: accountsRoutes(deps) };
}
