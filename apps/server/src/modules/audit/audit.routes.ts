import {
  type AuditAction,
  type AuditTargetType,
  adminAuditCsvRoute,
  adminAuditRoute,
} from '@fairex/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { platformErrors } from '../../platform/http/app-error';
import { contractRoutes } from '../../platform/http/contract-route';
import type { AuditFilter } from './audit.repository';
import { type AuditActor, auditExport, auditPage } from './audit.service';

/** What the audit routes need from the app; AppDeps satisfies it. */
export type AuditModuleDeps = { readonly db: Database; readonly clock: Clock };

const tags = ['staff: audit log'];

/** The staff member behind a staff route's request, for the audit entry of what they do. */
export function staffActorOf(request: FastifyRequest): AuditActor {
  const principal = request.principal;
  if (principal?.kind !== 'staff') throw platformErrors.forbidden();
  return { staffId: principal.staffId, roles: [...principal.roles], requestId: String(request.id) };
}

type FilterQuery = {
  staff_id?: number | undefined;
  action?: AuditAction | undefined;
  target_type?: AuditTargetType | undefined;
  target_id?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
};

function filterOf(query: FilterQuery): AuditFilter {
  return {
    staffId: query.staff_id,
    action: query.action,
    targetType: query.target_type,
    targetId: query.target_id,
    from: query.from === undefined ? undefined : new Date(query.from),
    to: query.to === undefined ? undefined : new Date(query.to),
  };
}

const filterDescription =
  'Filters: `staff_id`, `action`, `target_type`, `target_id`, `from` (inclusive) and `to` ' +
  '(exclusive) in Unix milliseconds.';

/** The audit log for admins: the list and its CSV export. */
export function auditRoutes(deps: AuditModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, { tags });
    const db = deps.db;

    route.get(
      adminAuditRoute,
      {
        summary: 'The audit log: every staff action, newest first (20 a page, at most 100)',
        description: `${filterDescription} Each entry carries the hash chain (\`prev_hash\`, \`hash\`); \`npm run audit:verify\` checks it.`,
      },
      async (request) =>
        await auditPage(db, {
          filter: filterOf(request.query),
          page: request.query.page,
          limit: request.query.limit,
        }),
    );

    route.download(
      adminAuditCsvRoute,
      {
        summary: 'The filtered audit log as CSV (newest first, at most 10,000 entries)',
        description: `${filterDescription} Replies \`text/csv\` as an attachment (RFC 4180 quoting; snapshots as JSON). Failures reply the usual JSON envelope.`,
      },
      async (request, reply) => {
        const csv = await auditExport(db, filterOf(request.query));
        const stamp = deps.clock.now().toISOString().slice(0, 19).replaceAll(':', '-');
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="fairex-audit-${stamp}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
