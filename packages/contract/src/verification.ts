import { z } from 'zod';
import { noParamsSchema, positiveIntParam } from './envelope';
import { getRoute, postRoute } from './route';
import { text } from './text';

export const idTypes = ['id_card', 'passport', 'driver_license'] as const;
export type IdType = (typeof idTypes)[number];

const uploadedPath = z.string().regex(/^\/uploads\/[0-9a-z/]+\.(jpg|png|webp|gif)$/);

/** POST /user/real: Lv1 (real_type 1) or Lv2 (real_type 2, only after Lv1 is verified). */
export const realNameBodySchema = z.union([
  z.strictObject({
    real_type: z.union([z.literal(1), z.literal('1')]).transform(() => 1 as const),
    id_type: z.enum(idTypes),
    name: z
      .string()
      .trim()
      .min(2)
      .max(64)
      .regex(/^[\p{L}\p{M} .'-]+$/u),
    card_id: z
      .string()
      .trim()
      .min(4)
      .max(32)
      .regex(/^[A-Za-z0-9-]+$/),
  }),
  z.strictObject({
    real_type: z.union([z.literal(2), z.literal('2')]).transform(() => 2 as const),
    front_pic: uploadedPath,
    reverse_pic: uploadedPath,
  }),
]);

export const levelStateSchema = z.object({
  state: z.enum(['unverified', 'pending', 'verified', 'rejected']),
  reason: z.string(),
  submitted_at: z.number().int().nullable(),
});

/** GET /real/state */
export const realStateSchema = z.object({
  level: z.number().int(),
  /** Email or phone must be bound before verification (spec section 4). */
  contact_bound: z.boolean(),
  lv1: levelStateSchema,
  lv2: levelStateSchema,
});
export type RealState = z.infer<typeof realStateSchema>;

/** Staff: the review queue (10 per page; pending oldest first, decided newest first) and a decision. */
export const verificationQueuePageSize = 10;
export const verificationStatuses = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

export const verificationQueueQuerySchema = z.strictObject({
  /** Default: pending. */
  status: z.enum(verificationStatuses).optional(),
  page: positiveIntParam.optional(),
});
export const verificationRequestSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  account: z.string(),
  level: z.number().int(),
  id_type: z.string().nullable(),
  name: z.string().nullable(),
  card_id: z.string().nullable(),
  front_pic: z.string().nullable(),
  reverse_pic: z.string().nullable(),
  status: z.enum(verificationStatuses),
  reason: z.string(),
  created_at: z.number().int(),
  reviewed_at: z.number().int().nullable(),
});
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;

/**
 * Socket event `verification:changed` to the user's room when staff decide one of their requests:
 * the client refreshes its verification state and profile.
 */
export type VerificationChangedEvent = { level: number; status: Exclude<VerificationStatus, 'pending'> };

export const verificationQueueReplySchema = z.object({
  list: z.array(verificationRequestSchema),
  page: z.number().int(),
  total: z.number().int(),
});
export type VerificationQueue = z.infer<typeof verificationQueueReplySchema>;

/** An approval may carry a note field from a shared form; only a rejection's reason is kept. */
export const verificationDecisionBodySchema = z.union([
  z.strictObject({
    id: positiveIntParam,
    decision: z.literal('approve'),
    reason: text().max(200).optional(),
  }),
  z.strictObject({
    id: positiveIntParam,
    decision: z.literal('reject'),
    reason: text().trim().min(2).max(200),
  }),
]);

export const realStateRoute = getRoute('/real/state', {
  policy: 'user',
  query: noParamsSchema,
  reply: realStateSchema,
});

export const userRealRoute = postRoute('/user/real', {
  policy: 'user',
  body: realNameBodySchema,
  reply: realStateSchema,
});

export const adminVerificationsRoute = getRoute('/admin/verifications', {
  policy: { staff: ['compliance'] },
  query: verificationQueueQuerySchema,
  reply: verificationQueueReplySchema,
});

export const adminVerificationsDecideRoute = postRoute('/admin/verifications/decide', {
  policy: { staff: ['compliance'] },
  body: verificationDecisionBodySchema,
  reply: verificationRequestSchema,
});
