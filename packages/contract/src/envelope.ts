import { z } from 'zod';

/**
 * Every answered call replies `{type, message}` with HTTP 200 (client contract).
 * `type` is "ok" on success, "error" on a failure the user can read, 999 when the session is
 * invalid or expired, and 998 when the action needs identity verification first.
 */
export const replyTypes = {
  ok: 'ok',
  error: 'error',
  sessionInvalid: 999,
  verificationRequired: 998,
} as const;

export function okReply<T extends z.ZodType>(message: T) {
  return z.object({ type: z.literal(replyTypes.ok), message });
}

export const errorReply = z.object({
  type: z.union([z.literal(replyTypes.error), z.literal(999), z.literal(998)]),
  message: z.string(),
});
export type ErrorReply = z.infer<typeof errorReply>;

export type OkReply<T> = { type: 'ok'; message: T };
export type Reply<T> = OkReply<T> | ErrorReply;

/**
 * Form-encoded clients send every value as a string: these accept a JSON number or its decimal
 * string and refuse anything else (no silent coercion of "" or "abc" to 0).
 */
export const intParam = z.union([
  z.number().int().safe(),
  z
    .string()
    .regex(/^-?\d{1,15}$/)
    .transform(Number),
]);
export const positiveIntParam = intParam.pipe(z.number().int().positive());

export const pageParams = {
  page: positiveIntParam.optional(),
  limit: positiveIntParam.pipe(z.number().max(100)).optional(),
};

/** A call that takes no parameters still refuses unknown ones (`lang` is the envelope's). */
export const noParamsSchema = z.strictObject({});
/** A POST whose body may be left out entirely. */
export const optionalNoParamsSchema = noParamsSchema.optional();

/** A route's documented reply: its success shape, or the error envelope (both HTTP 200). */
export function apiReply<T extends z.ZodType>(message: T) {
  return z.union([okReply(message), errorReply]);
}
