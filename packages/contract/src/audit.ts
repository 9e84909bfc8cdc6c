/**
 * The operator console's audit trail (every staff action, hash-chained) and balance adjustments
 * (a correction is a ledger transfer with a reason against the adjustments account).
 */
import { type UserAccountKindName, userAccountKindNames } from '@fairex/domain';
import { z } from 'zod';
import { reviewApprovalSchema } from './deposits';
import { intParam, positiveIntParam } from './envelope';
import { getRoute, postRoute } from './route';
import { text } from './text';

/**
 * Every action staff can take, closed so the console can name each one and filter by it. A new
 * staff action adds its name here first.
 */
export const auditActions = [
  'deposit.approve',
  'deposit.first_approval',
  'deposit.reject',
  'deposit_address.set',
  'withdrawal.approve',
  'withdrawal.first_approval',
  'withdrawal.reject',
  'verification.approve',
  'verification.reject',
  'content.create',
  'content.update',
  'content.delete',
  'setting.update',
  'instrument.create',
  'instrument.update',
  'instrument.pause',
  'instrument.resume',
  'fee.spot_update',
  'fee.withdrawal_update',
  'limit.withdrawal_update',
  'upload.create',
  'user.sessions_revoke',
  'user.freeze',
  'user.unfreeze',
  'adjustment.create',
  'adjustment_request.first_approval',
  'adjustment_request.reject',
  'staff.create',
  'staff.update',
  'staff.roles_set',
  'staff.disable',
  'staff.enable',
  'staff.password_reset',
  'staff.totp_reset',
  'staff.login',
  'staff.logout',
  'halt.resume',
  'ieo.project_create',
  'ieo.project_list',
  'option_terms.update',
  'option_pool.fund',
  'mining.product_save',
  'mining.reserve_fund',
  'dual.product_save',
  'dual.reserve_fund',
  'nft.artist_save',
  'nft.artist_delete',
  'nft.collection_save',
  'nft.collection_delete',
  'nft.artwork_create',
  'nft.artwork_update',
  'nft.artwork_delete',
  'nft.box_create',
  'nft.resale_approve',
  'nft.resale_reject',
  'contracts.terms_save',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What an action was done to; `target_id` names the object within its type. */
export const auditTargetTypes = [
  'deposit',
  'deposit_address',
  'withdrawal',
  'verification',
  'content',
  'setting',
  'instrument',
  'currency',
  'withdrawal_limit',
  'upload',
  'user',
  'adjustment',
  'adjustment_request',
  'staff',
  'halt',
  'ieo_project',
  'option_terms',
  'option_pool',
  'mining_product',
  'dual_product',
  'nft_artist',
  'nft_collection',
  'nft_artwork',
  'nft_box',
  'nft_listing',
  'contract_terms',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** The audit list is newest first, 20 a page by default, at most 100. */
export const auditPageSizeDefault = 20;
export const auditPageSizeMax = 100;
/** The CSV export holds at most this many entries of the filtered log, newest first. */
export const auditExportLinesMax = 10_000;

/** A form client sends "" for "any". */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);
const unixMsParam = intParam.pipe(z.number().int().min(0));

const auditFilterFields = {
  staff_id: z.preprocess(blankAsAbsent, intParam.pipe(z.number().int().min(0)).optional()),
  action: z.preprocess(blankAsAbsent, z.enum(auditActions).optional()),
  target_type: z.preprocess(blankAsAbsent, z.enum(auditTargetTypes).optional()),
  target_id: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .trim()
      .regex(/^[\w:.@-]{1,64}$/)
      .optional(),
  ),
  /** Unix milliseconds, inclusive. */
  from: z.preprocess(blankAsAbsent, unixMsParam.optional()),
  /** Unix milliseconds, exclusive. */
  to: z.preprocess(blankAsAbsent, unixMsParam.optional()),
};
export const auditQuerySchema = z.strictObject({
  ...auditFilterFields,
  page: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(10_000)).optional()),
  limit: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(auditPageSizeMax)).optional()),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
export const auditExportQuerySchema = z.strictObject(auditFilterFields);

const idText = z.string().regex(/^\d{1,20}$/);
const hashText = z.string().regex(/^[0-9a-f]{64}$/);
/** A snapshot of the object before or after the action (no secrets), or null. */
const snapshotSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: idText,
  /** Unix milliseconds. */
  at: z.number().int(),
  /** 0: the demo staff token of earlier releases (entries made before staff accounts existed). */
  staff_id: z.number().int(),
  /** The staff member's roles when they acted. */
  staff_roles: z.array(z.string()),
  action: z.enum(auditActions),
  target_type: z.enum(auditTargetTypes),
  target_id: z.string(),
  before: snapshotSchema,
  after: snapshotSchema,
  reason: z.string(),
  request_id: z.string(),
  prev_hash: hashText,
  hash: hashText,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListReplySchema = z.object({
  list: z.array(auditEntrySchema),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type AuditList = z.infer<typeof auditListReplySchema>;

/** The account kinds staff may correct (spec section 3). */
export const adjustmentAccountKinds = userAccountKindNames;
export type AdjustmentAccountKind = UserAccountKindName;

/**
 * POST /admin/adjustments: a signed amount at the currency's scale ("-1.5" debits, "2" credits)
 * and the reason the user will read in their bill.
 */
export const adjustmentBodySchema = z.strictObject({
  user_id: positiveIntParam,
  currency_id: positiveIntParam,
  account_kind: z.enum(adjustmentAccountKinds),
  amount: z.union([
    z.string().max(64),
    z
      .number()
      .finite()
      .transform((value) => String(value)),
  ]),
  reason: text().max(1000).optional(),
});
export type AdjustmentBody = z.input<typeof adjustmentBodySchema>;

export const adjustmentSchema = z.object({
  /** Always "booked": tells a booked adjustment from a request waiting for its second approval. */
  status: z.literal('booked'),
  id: z.number().int(),
  user_id: z.number().int(),
  currency_id: z.number().int(),
  currency: z.string(),
  account_kind: z.enum(adjustmentAccountKinds),
  /** Signed decimal at the currency's scale: positive credits the user. */
  amount: z.string().regex(/^-?\d{1,40}(\.\d{1,18})?$/),
  reason: z.string(),
  staff_id: z.number().int(),
  /** The ledger entry (kind `adjustment`, reference `adjustment:<id>`). */
  entry_id: idText,
  /** Unix milliseconds. */
  time: z.number().int(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const adjustmentRequestStatuses = ['pending', 'approved', 'rejected'] as const;

/**
 * An adjustment above the two-person threshold: a request that books nothing until a second,
 * different staff member approves the same terms (then `adjustment_id` names the booked one).
 */
export const adjustmentRequestSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  currency_id: z.number().int(),
  currency: z.string(),
  account_kind: z.enum(adjustmentAccountKinds),
  /** Signed decimal at the currency's scale: positive credits the user. */
  amount: z.string().regex(/^-?\d{1,40}(\.\d{1,18})?$/),
  reason: z.string(),
  requested_by: z.number().int(),
  status: z.enum(adjustmentRequestStatuses),
  /** Why it was rejected ("" otherwise). */
  decision_reason: z.string(),
  decided_by: z.number().int().nullable(),
  adjustment_id: z.number().int().nullable(),
  /** Unix milliseconds. */
  created_at: z.number().int(),
  /** The approvals of these terms so far (the requester's is the first). */
  approvals: z.array(reviewApprovalSchema),
  approvals_required: z.number().int(),
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequestSchema>;

/** POST /admin/adjustments answers the booked adjustment, or the request waiting for a second approval. */
export const adjustmentCreateReplySchema = z.discriminatedUnion('status', [
  adjustmentSchema,
  adjustmentRequestSchema,
]);
export type AdjustmentCreateReply = z.infer<typeof adjustmentCreateReplySchema>;

/** GET /admin/adjustments/requests: pending oldest first (default), decided newest first. */
export const adjustmentRequestListQuerySchema = z.strictObject({
  status: z.preprocess(blankAsAbsent, z.enum(adjustmentRequestStatuses).optional()),
  page: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(10_000)).optional()),
});
export const adjustmentRequestListSchema = z.object({
  list: z.array(adjustmentRequestSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type AdjustmentRequestList = z.infer<typeof adjustmentRequestListSchema>;

/** POST /admin/adjustments/decide: approve the request's terms, or reject it with a reason. */
export const adjustmentDecisionBodySchema = z.strictObject({
  id: positiveIntParam,
  decision: z.enum(['approve', 'reject']),
  reason: text().max(1000).optional(),
});

export const adjustmentListQuerySchema = z.strictObject({
  user_id: z.preprocess(blankAsAbsent, positiveIntParam.optional()),
  page: z.preprocess(blankAsAbsent, positiveIntParam.pipe(z.number().max(10_000)).optional()),
});
export const adjustmentListReplySchema = z.object({
  list: z.array(adjustmentSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type AdjustmentList = z.infer<typeof adjustmentListReplySchema>;

export const adminAdjustmentsRoute = postRoute('/admin/adjustments', {
  policy: { staff: ['finance'] },
  body: adjustmentBodySchema,
  reply: adjustmentCreateReplySchema,
  moneyMoving: true,
});

export const adminAdjustmentsRequestsRoute = getRoute('/admin/adjustments/requests', {
  policy: { staff: ['finance'] },
  query: adjustmentRequestListQuerySchema,
  reply: adjustmentRequestListSchema,
});

export const adminAdjustmentsDecideRoute = postRoute('/admin/adjustments/decide', {
  policy: { staff: ['finance'] },
  body: adjustmentDecisionBodySchema,
  reply: adjustmentRequestSchema,
});

export const adminAdjustmentsGetRoute = getRoute('/admin/adjustments', {
  policy: { staff: ['finance'] },
  query: adjustmentListQuerySchema,
  reply: adjustmentListReplySchema,
});

export const adminAuditRoute = getRoute('/admin/audit', {
  policy: { staff: ['admin'] },
  query: auditQuerySchema,
  reply: auditListReplySchema,
});

/** The filtered audit log as a CSV file (the reply is the file, not the envelope). */
export const adminAuditCsvRoute = getRoute('/admin/audit.csv', {
  policy: { staff: ['admin'] },
  query: auditExportQuerySchema,
  reply: z.string(),
});
