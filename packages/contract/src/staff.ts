import { z } from 'zod';
import { intParam, noParamsSchema, optionalNoParamsSchema, positiveIntParam } from './envelope';
import { getRoute, postRoute } from './route';
import { staffRoleNames } from './staff-roles';
import { text } from './text';

export { type StaffRoleName, staffRoleNames } from './staff-roles';
export const staffStatuses = ['active', 'disabled'] as const;
export type StaffStatus = (typeof staffStatuses)[number];

export const staffPasswordLengthMin = 12;
export const staffPasswordLengthMax = 128;
export const staffNameLengthMax = 64;
export const staffEmailLengthMax = 254;

const staffEmail = text().trim().toLowerCase().max(staffEmailLengthMax).pipe(z.email());
const staffPassword = z.string().min(staffPasswordLengthMin).max(staffPasswordLengthMax);
/** Six digits from the authenticator app. */
const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/**
 * Roles as a JSON array, repeated form fields, or one comma-separated form field; duplicates are
 * dropped and at least one role is required.
 */
const staffRolesField = z
  .preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z
      .array(z.enum(staffRoleNames))
      .min(1)
      .max(staffRoleNames.length * 2),
  )
  .transform((roles) => [...new Set(roles)]);

const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

/** POST /admin/auth/login */
export const staffLoginBodySchema = z.strictObject({
  email: text().trim().min(1).max(staffEmailLengthMax),
  password: z.string().min(1).max(staffPasswordLengthMax),
  code: totpCode,
});
export type StaffLoginBody = z.input<typeof staffLoginBodySchema>;

/** A staff account as the console shows it; times are epoch milliseconds. */
export const staffProfileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(staffRoleNames)),
  status: z.enum(staffStatuses),
  /** Signed in too often with a wrong password or code: refused until then (null: not locked). */
  locked_until: z.number().int().nullable(),
  last_login_at: z.number().int().nullable(),
  /** The admin who created it; null for the first admin (`npm run admin:create`). */
  created_by: z.number().int().nullable(),
  created_at: z.number().int(),
  /**
   * The customer account (user id) this member personally holds; they cannot decide that user's
   * deposits, withdrawals or verifications. null: none linked.
   */
  linked_user_id: z.number().int().nullable(),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

export const staffLoginReplySchema = z.object({
  /** The staff bearer token, sent in Authorization like a user session token. */
  token: z.string(),
  expires_at: z.number().int(),
  staff: staffProfileSchema,
});
export type StaffLoginReply = z.infer<typeof staffLoginReplySchema>;

export const staffListReplySchema = z.object({ list: z.array(staffProfileSchema) });
export type StaffList = z.infer<typeof staffListReplySchema>;

/** POST /admin/staff/create */
export const staffCreateBodySchema = z.strictObject({
  email: staffEmail,
  name: text().trim().min(1).max(staffNameLengthMax),
  roles: staffRolesField,
  password: staffPassword,
});
export type StaffCreateBody = z.input<typeof staffCreateBodySchema>;

/** The new TOTP secret, shown once: the member adds it to an authenticator app. */
export const staffTotpEnrolmentSchema = z.object({
  staff: staffProfileSchema,
  totp_secret: z.string(),
  otpauth_uri: z.string(),
});
export type StaffTotpEnrolment = z.infer<typeof staffTotpEnrolmentSchema>;

/**
 * The customer account a staff member holds: a user id, or 0 (JSON null too) to remove the link.
 * A form's "" means "unchanged", like the other fields.
 */
const linkedUserField = z
  .union([z.null(), intParam.pipe(z.number().int().min(0))])
  .transform((id) => (id === 0 ? null : id));

/** POST /admin/staff/update: new roles, a new status, a linked customer account, or several. */
export const staffUpdateBodySchema = z
  .strictObject({
    id: positiveIntParam,
    roles: z.preprocess(blankAsAbsent, staffRolesField.optional()),
    status: z.preprocess(blankAsAbsent, z.enum(staffStatuses).optional()),
    linked_user_id: z.preprocess((value) => (value === '' ? undefined : value), linkedUserField.optional()),
  })
  .refine(
    (body) => body.roles !== undefined || body.status !== undefined || body.linked_user_id !== undefined,
    { message: 'roles, status or linked_user_id is required' },
  );
export type StaffUpdateBody = z.input<typeof staffUpdateBodySchema>;

/** POST /admin/staff/reset_totp */
export const staffResetTotpBodySchema = z.strictObject({ id: positiveIntParam });
export type StaffResetTotpBody = z.input<typeof staffResetTotpBodySchema>;

export const adminAuthLoginRoute = postRoute('/admin/auth/login', {
  policy: 'public',
  body: staffLoginBodySchema,
  reply: staffLoginReplySchema,
});

export const adminAuthMeRoute = getRoute('/admin/auth/me', {
  policy: { staff: staffRoleNames },
  query: noParamsSchema,
  reply: staffProfileSchema,
});

export const adminStaffRoute = getRoute('/admin/staff', {
  policy: { staff: ['admin'] },
  query: noParamsSchema,
  reply: staffListReplySchema,
});

export const adminStaffCreateRoute = postRoute('/admin/staff/create', {
  policy: { staff: ['admin'] },
  body: staffCreateBodySchema,
  reply: staffTotpEnrolmentSchema,
});

export const adminStaffUpdateRoute = postRoute('/admin/staff/update', {
  policy: { staff: ['admin'] },
  body: staffUpdateBodySchema,
  reply: staffProfileSchema,
});

export const adminStaffResetTotpRoute = postRoute('/admin/staff/reset_totp', {
  policy: { staff: ['admin'] },
  body: staffResetTotpBodySchema,
  reply: staffTotpEnrolmentSchema,
});

/** Ends the caller's staff session; the body may be left out. */
export const adminAuthLogoutRoute = postRoute('/admin/auth/logout', {
  policy: { staff: staffRoleNames },
  body: optionalNoParamsSchema,
  reply: z.string(),
});
