import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One staff member's approval of a money request (deposit or withdrawal). A request above the
 * two-person threshold is approved when two different staff members have approved it; the
 * unique index makes "the same person twice" impossible even under a race.
 */
export const reviewApprovals = pgTable(
  'review_approvals',
  {
    id: serial('id').primaryKey(),
    targetType: text('target_type').$type<ApprovalTargetType>().notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    staffId: integer('staff_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('review_approvals_once_idx').on(table.targetType, table.targetId, table.staffId),
    index('review_approvals_target_idx').on(table.targetType, table.targetId),
  ],
);

export type ApprovalTargetType = 'deposit' | 'withdrawal';
