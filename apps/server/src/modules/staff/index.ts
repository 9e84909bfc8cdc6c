/**
 * The staff module's public surface: its routes, the SessionResolver wrapper that makes staff
 * tokens resolve to staff principals, and what `npm run admin:create` needs.
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { findStaffById, staffDisplayNames } from './staff.repository';
import { staffApiRoutes } from './staff.routes';
import { createTotpSecretBox } from './staff.secrets';
import { createStaffService } from './staff.service';

/** @public */
export { createTotpSecretBox } from './staff.secrets';
/** @public */
export { createStaffService, type StaffService, withStaffSessions } from './staff.service';

/** What the staff routes need from the app; AppDeps satisfies it. */
export type StaffModuleDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly config: {
    readonly demo: boolean;
    /** STAFF_TOTP_KEY: seals TOTP secrets at rest; unset stores them readable (warned outside demo). */
    readonly staffTotpKey?: string | undefined;
  };
};

/** POST /admin/auth/login, /admin/auth/logout, GET /admin/auth/me and the admins' staff routes. */
function staffRoutes(deps: StaffModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const totpBox = createTotpSecretBox(deps.config.staffTotpKey);
    if (!totpBox.encrypted && !deps.config.demo) {
      app.log.warn(
        'STAFF_TOTP_KEY is not set: staff TOTP secrets are stored readable in the database. Set it ' +
          '(32+ random characters, e.g. `openssl rand -base64 32`) before creating staff accounts.',
      );
    }
    const staff = createStaffService({
      db: deps.db,
      clock: deps.clock,
      totpBox,
      warn: (context, message) => app.log.warn(context, message),
    });
    await app.register(staffApiRoutes({ staff, clock: deps.clock }));
  };
}

/**
 * Who a staff member is as a reviewer of a user's request: their e-mail (lower-cased) and the
 * customer account they hold (`linked_user_id`). null for an unknown id (e.g. a test stand-in).
 */
export async function staffReviewerOf(
  db: Database,
  staffId: number,
): Promise<{ readonly email: string; readonly linkedUserId: number | null } | null> {
  const record = staffId > 0 ? await findStaffById(db, staffId) : null;
  return record ? { email: record.email.toLowerCase(), linkedUserId: record.linkedUserId } : null;
}

/** Staff members' display names by id, for lists naming who approved (unknown ids are absent). */
export async function staffNamesOf(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  return staffDisplayNames(db, ids);
}

export const staffManifest = { name: 'staff', localeNamespace: 'staff' } as const satisfies ModuleManifest;

export function createStaffModule(deps: StaffModuleDeps): AppModule {
  return { ...staffManifest, routes: staffRoutes(deps) };
}
