/** The fiat module's public surface: the rates route; the composition root builds the rate source. */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import { type FiatModuleDeps, fiatRoutes } from './fiat.routes';

export { createFiatRateSource } from './fiat.http-source';
/** @public */
export type { FiatRateSource } from './fiat.source';

export const fiatManifest = { name: 'fiat' } as const satisfies ModuleManifest;

export function createFiatModule(deps: FiatModuleDeps): AppModule {
  return { ...fiatManifest, routes: fiatRoutes(deps) };
}
