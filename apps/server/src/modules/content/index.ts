/**
 * The content module's public surface: site config, settings, articles, Home shortcuts, FAQ and
 * pages, and the content staff's console routes; the demo seed runs when the module is made.
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import { type ContentModuleDeps, contentRoutes } from './content.routes';
import { seedDemoContent } from './content.seed';

export const contentManifest = {
  name: 'content',
  // The markets lists (stocks among them) are served by market; the shortcut opens them.
  shortcuts: ['stock'],
  localeNamespace: 'content',
} as const satisfies ModuleManifest;

export async function createContentModule(deps: ContentModuleDeps): Promise<AppModule> {
  if (deps.config.demo) await seedDemoContent(deps.db, deps.clock);
  return {
    ...contentManifest,
    routes: contentRoutes(deps),
  };
}
