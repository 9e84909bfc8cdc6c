import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ApprovalTerms } from './approvals.domain';

/**
 * One staff member's approval of a money request (deposit, withdrawal or balance adjustment) and
 * the terms it approves (currency, amount, destination). A request above the two-person threshold
 * is approved when two different staff members have approved the same terms; the unique index
 * makes "the same person twice for the same terms" impossible even under a race. Rows from before
 * terms were recorded carry `{}`, which matches no terms: such a first approval must be given again.
 */
export const reviewApprovals = pgTable(
  'review_approvals',
  {
    id: serial('id').primaryKey(),
    targetType: text('target_type').$type<ApprovalTargetType>().notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    staffId: integer('staff_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    terms: jsonb('terms').$type<ApprovalTerms>().notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [
    uniqueIndex('review_approvals_once_idx').on(table.targetType, table.targetId, table.staffId, table.terms),
    index('review_approvals_target_idx').on(table.targetType, table.targetId),
  ],
);

export type ApprovalTargetType = 'deposit' | 'withdrawal' | 'adjustment_request';
