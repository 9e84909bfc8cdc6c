/**
 * The timezone module's public surface: its routes, and (for the accounts module's
 * /user/timezone calls) the service over user_timezones.
 */
export { timezoneRoutes } from './timezone.routes';
// Added for accounts (GET /user/timezone, POST /user/timezone/update): one store of user zones.
export { createTimezoneService } from './timezone.service';
