/**
 * The users admin of the operator console (/admin/users...): find a user, read their profile,
 * verification state, balances and bill, end their sessions, freeze and unfreeze their sign-in.
 * It owns no tables: users and sessions are the accounts module's, balances the ledger's.
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { endSessionSockets } from '../../platform/realtime/socket-server';
import { userAdminHttpRoutes } from './user-admin.routes';
import { createUserAdminService } from './user-admin.service';

/** What the users admin needs from the app; AppDeps satisfies it. */
export type UserAdminModuleDeps = { readonly db: Database; readonly clock: Clock };

function userAdminRoutes(deps: UserAdminModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const users = createUserAdminService({
      db: deps.db,
      clock: deps.clock,
      // The database is the truth (a revoked session is dead for every request); a socket server
      // hiccup is logged rather than failing a write that has committed.
      sessionsEnded: async ({ userId, sessionKeys }) => {
        for (const sessionKey of sessionKeys) {
          await endSessionSockets(app.io, { userId, sessionKey, reason: 'revoked' }).catch(
            (error: unknown) => {
              app.log.warn({ err: error, userId }, 'could not disconnect the sockets of an ended session');
            },
          );
        }
      },
    });
    await app.register(userAdminHttpRoutes({ users }));
  };
}

export const userAdminManifest = {
  name: 'user-admin',
  localeNamespace: 'user_admin',
} as const satisfies ModuleManifest;

export function createUserAdminModule(deps: UserAdminModuleDeps): AppModule {
  return { ...userAdminManifest, routes: userAdminRoutes(deps) };
}
