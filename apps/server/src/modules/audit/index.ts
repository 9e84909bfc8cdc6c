/**
 * The audit trail's public surface: `recordAudit` (every staff action appends its entry in its own
 * transaction), `staffActorOf` (who acted, from a staff route's request), the admin routes, and the
 * chain check `npm run audit:verify` runs.
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import { type AuditModuleDeps, auditRoutes } from './audit.routes';

export { describeBreak } from './audit.domain';
export { staffActorOf } from './audit.routes';
/** @public */
export type { AuditActor, AuditRecord, ChainVerification } from './audit.service';
export { recordAudit, verifyAuditChain } from './audit.service';
export { staffRoutes } from './staff-routes';

/** The audit log's staff routes (read, CSV); every other module appends through recordAudit. */
export const auditManifest = { name: 'audit' } as const satisfies ModuleManifest;

export function createAuditModule(deps: AuditModuleDeps): AppModule {
  return { ...auditManifest, routes: auditRoutes(deps) };
}
