/**
 * Halts: a money path that broke one of its invariants stops what it belongs to (a spot pair, a
 * product) and refuses new business with a clear message until staff resume it. The console's
 * dashboard lists them.
 */
import { z } from 'zod';
import { noParamsSchema } from './envelope';
import { getRoute, postRoute } from './route';

/** What is halted: a module ("options") or one of its items ("spot:BTC/USDT"). */
export const haltScopeSchema = z
  .string()
  .regex(/^[a-z_-]+(:[A-Za-z0-9/_.-]+)?$/)
  .max(100);

export const haltSchema = z.object({
  id: z.string(),
  scope: z.string(),
  /** The broken invariant, as the code states it (for staff; users see a generic message). */
  reason: z.string(),
  context: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  halted_at: z.number().int(),
  resumed_at: z.number().int().nullable(),
  resumed_by: z.number().int().nullable(),
});
export type Halt = z.infer<typeof haltSchema>;

export const haltListReplySchema = z.object({ open: z.array(haltSchema), recent: z.array(haltSchema) });
export type HaltList = z.infer<typeof haltListReplySchema>;

export const haltResumeBodySchema = z.strictObject({ scope: haltScopeSchema });

/** Open halts and the most recent resumed ones. */
export const haltListRoute = getRoute('/admin/halts', {
  policy: { staff: ['admin', 'finance', 'support', 'compliance', 'content'] },
  query: noParamsSchema,
  reply: haltListReplySchema,
});
/** Staff resume a halted scope after looking into it (admin; audited). */
export const haltResumeRoute = postRoute('/admin/halts/resume', {
  policy: { staff: ['admin'] },
  body: haltResumeBodySchema,
  reply: haltSchema,
});
