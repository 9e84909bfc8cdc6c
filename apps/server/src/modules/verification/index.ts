/**
 * The verification module's public surface: the user's GET /real/state and POST /user/real, and
 * the compliance queue under /admin/verifications. The level it grants lives on the user (accounts
 * module); routes that need it use `policies.verified`, which answers 998 below Lv1.
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import { type VerificationModuleDeps, verificationRoutes } from './verification.routes';

export { stateOf as verificationStateOf } from './verification.service';

export const verificationManifest = {
  name: 'verification',
  shortcuts: ['real_name'],
  localeNamespace: 'verification',
} as const satisfies ModuleManifest;

export function createVerificationModule(deps: VerificationModuleDeps): AppModule {
  return {
    ...verificationManifest,
    routes: verificationRoutes(deps),
  };
}
