/**
 * The timezone module's public surface: its routes. No other module needs its service yet;
 * export the type here when one does.
 */
export { timezoneRoutes } from './timezone.routes';
