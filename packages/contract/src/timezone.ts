import { z } from 'zod';
import { noParamsSchema } from './envelope';
import { getRoute, postRoute } from './route';

/** New York is what clients report when they know nothing, so it counts as unset (spec section 7). */
export const unsetTimezone = 'America/New_York';

/** browser: detected by the client; manual: chosen by the user, which a later detection never replaces. */
export const timezoneMethodSchema = z.enum(['browser', 'manual']);
export type TimezoneMethod = z.infer<typeof timezoneMethodSchema>;

/** The caller's stored zone; both null when unset (or when nobody is logged in). */
export const timezoneStateSchema = z.object({
  timezone: z.string().nullable(),
  method: timezoneMethodSchema.nullable(),
});
export type TimezoneState = z.infer<typeof timezoneStateSchema>;

/**
 * GET /timezone/current, POST /timezone/detect and POST /timezone/set all answer this inside the
 * envelope: `success`, the zone now stored in `data`, and a localised `message` (empty for current).
 */
export const timezoneCurrentReplySchema = z.object({
  success: z.boolean(),
  data: timezoneStateSchema,
  message: z.string(),
});
export type TimezoneCurrentReply = z.infer<typeof timezoneCurrentReplySchema>;

export const timezoneDetectBodySchema = z.strictObject({
  timezone: z.string().min(1).max(64),
  method: timezoneMethodSchema,
});
export const timezoneSetBodySchema = z.strictObject({ timezone: z.string().min(1).max(64) });

/** GET /timezone/list: `label` like "(UTC+08:00) Asia/Shanghai", `value` the IANA name; by offset. */
export const timezoneListItemSchema = z.object({ label: z.string(), value: z.string() });
export type TimezoneListItem = z.infer<typeof timezoneListItemSchema>;
export const timezoneListReplySchema = z.array(timezoneListItemSchema);

export const timezoneCurrentRoute = getRoute('/timezone/current', {
  policy: 'public',
  query: noParamsSchema,
  reply: timezoneCurrentReplySchema,
});
export const timezoneDetectRoute = postRoute('/timezone/detect', {
  policy: 'user',
  body: timezoneDetectBodySchema,
  reply: timezoneCurrentReplySchema,
});
export const timezoneSetRoute = postRoute('/timezone/set', {
  policy: 'user',
  body: timezoneSetBodySchema,
  reply: timezoneCurrentReplySchema,
});
export const timezoneListRoute = getRoute('/timezone/list', {
  policy: 'public',
  query: noParamsSchema,
  reply: timezoneListReplySchema,
});
