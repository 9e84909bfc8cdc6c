/**
 * The content module's public surface: its routes and the demo seed main.ts runs. No other module
 * needs its service yet; export the type here when one does.
 */
export { contentRoutes } from './content.routes';
export { seedDemoContent } from './content.seed';
