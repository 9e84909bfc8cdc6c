/** Balance adjustments' public surface: the finance routes that book and list corrections. */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import { type AdjustmentsModuleDeps, adjustmentsRoutes } from './adjustments.routes';

export const adjustmentsManifest = {
  name: 'adjustments',
  entryKinds: ['adjustment'],
  localeNamespace: 'adjustments',
} as const satisfies ModuleManifest;

export function createAdjustmentsModule(deps: AdjustmentsModuleDeps): AppModule {
  return {
    ...adjustmentsManifest,
    routes: adjustmentsRoutes(deps),
  };
}
