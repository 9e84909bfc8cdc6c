/**
 * Halts' public surface: the composition root makes one Halts; money modules call `halt` when
 * an invariant breaks and `assertOpen` before new business; staff list and resume them.
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import { haltsRoutes } from './halts.routes';
import type { Halts } from './halts.service';

/** @public */
export { createHalts, type HaltContext, type Halts } from './halts.service';

export const haltsManifest = { name: 'halts', localeNamespace: 'halts' } as const satisfies ModuleManifest;

export function createHaltsModule(halts: Halts): AppModule {
  return { ...haltsManifest, routes: haltsRoutes(halts) };
}
