import { z } from 'zod';

/** New York is what clients report when they know nothing, so it counts as unset (spec section 7). */
export const unsetTimezone = 'America/New_York';

export const timezoneCurrentReplySchema = z.object({
  success: z.boolean(),
  data: z.object({ timezone: z.string().nullable(), method: z.enum(['browser', 'manual']).nullable() }),
  message: z.string(),
});
export const timezoneDetectBodySchema = z.strictObject({
  timezone: z.string().min(1).max(64),
  method: z.enum(['browser', 'manual']),
});
export const timezoneSetBodySchema = z.strictObject({ timezone: z.string().min(1).max(64) });
export const timezoneListItemSchema = z.object({ label: z.string(), value: z.string() });
export const timezoneListReplySchema = z.array(timezoneListItemSchema);
