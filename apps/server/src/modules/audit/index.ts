/**
 * The audit trail's public surface: `recordAudit` (every staff action appends its entry in its own
 * transaction), `staffActorOf` (who acted, from a staff route's request), the admin routes, and the
 * chain check `npm run audit:verify` runs.
 */
export { describeBreak } from './audit.domain';
export { auditRoutes, staffActorOf } from './audit.routes';
/** @public */
export type { AuditActor, AuditRecord, ChainVerification } from './audit.service';
export { recordAudit, verifyAuditChain } from './audit.service';
export { staffRoutes } from './staff-routes';
