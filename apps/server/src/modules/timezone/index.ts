/**
 * The timezone module's public surface: its routes, and (for the accounts module's
 * /user/timezone calls) the service over user_timezones.
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import { type TimezoneModuleDeps, timezoneRoutes } from './timezone.routes';

// Added for accounts (GET /user/timezone, POST /user/timezone/update): one store of user zones.
export { createTimezoneService } from './timezone.service';

export const timezoneManifest = {
  name: 'timezone',
  localeNamespace: 'timezone',
} as const satisfies ModuleManifest;

export function createTimezoneModule(deps: TimezoneModuleDeps): AppModule {
  return { ...timezoneManifest, routes: timezoneRoutes(deps) };
}
