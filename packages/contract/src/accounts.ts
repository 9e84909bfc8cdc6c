import { z } from 'zod';
import { noParamsSchema } from './envelope';
import { getRoute, postRoute } from './route';
import { text } from './text';

/** Spec section 5 and 9: code length 6, password over 6 characters, nickname 2-10, signature 2-30. */
export const codeLength = 6;
export const passwordLengthMin = 7;
export const passwordLengthMax = 64;
export const nicknameLengthMin = 2;
export const nicknameLengthMax = 10;
export const signatureLengthMin = 2;
export const signatureLengthMax = 30;
/** Registration default area code (spec section 9). */
export const defaultAreaCode = '86';

/** What a one-time code may be used for; a code works only for the purpose it was sent for. */
export const codePurposes = ['register', 'forget', 'bind', 'withdraw', 'security'] as const;
export type CodePurpose = (typeof codePurposes)[number];
export const codePurposeSchema = z.enum(codePurposes);

export const verificationCodeSchema = z.string().regex(/^\d{6}$/);
export const passwordSchema = z.string().min(passwordLengthMin).max(passwordLengthMax);
export const emailSchema = text().trim().toLowerCase().max(254).pipe(z.email());
/** National number digits, without the area code. */
export const mobileSchema = z
  .string()
  .trim()
  .regex(/^\d{5,15}$/);
export const areaCodeSchema = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/)
  .transform((code) => code.replace(/^\+/, ''));
/** Chinese, Latin letters and digits only: no spaces, punctuation or symbols (spec section 5). */
export const profileTextPattern = /^[\p{Script=Han}A-Za-z0-9]+$/u;
export const nicknameSchema = z
  .string()
  .trim()
  .min(nicknameLengthMin)
  .max(nicknameLengthMax)
  .regex(profileTextPattern);
export const signatureSchema = z
  .string()
  .trim()
  .min(signatureLengthMin)
  .max(signatureLengthMax)
  .regex(profileTextPattern);

const flag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on', ''])])
  .transform((value) => (typeof value === 'boolean' ? value : ['1', 'true', 'on'].includes(value)));

/** POST /sms_mail: an e-mail code. Forgot-password clients send `type=forget` instead of `scene`. */
export const sendEmailCodeBodySchema = z.strictObject({
  user_string: emailSchema,
  scene: codePurposeSchema.optional(),
  type: codePurposeSchema.optional(),
  area_code_id: z.string().max(16).optional(),
  area_code: z.string().max(8).optional(),
  email_code: z.string().max(16).optional(),
});

/** POST /sms_send: an SMS code. Without scene: `bind` for a signed-in caller, else `register`. */
export const sendSmsCodeBodySchema = z.strictObject({
  area_code: areaCodeSchema,
  mobile: mobileSchema,
  scene: codePurposeSchema.optional(),
  type: codePurposeSchema.optional(),
});

/** POST /user/check_email: is this code right for this address and purpose? (does not use it up) */
export const checkCodeBodySchema = z.strictObject({
  /** The e-mail (contains `@`) or the mobile number the code was sent to. */
  user_string: text().trim().min(3).max(254),
  scene: codePurposeSchema.optional(),
  type: codePurposeSchema.optional(),
  email_code: verificationCodeSchema,
  country_code: z.string().max(8).optional(),
});

export const registrationTypes = ['email', 'mobile'] as const;
export const registerBodySchema = z.strictObject({
  user_string: text().trim().min(3).max(254),
  code: verificationCodeSchema,
  password: passwordSchema,
  re_password: passwordSchema,
  extension_code: z.string().trim().max(16).optional(),
  type: z.enum(registrationTypes).default('email'),
  area_code: areaCodeSchema.optional(),
});

export const loginBodySchema = z.strictObject({
  user_string: text().trim().min(1).max(254),
  password: z.string().min(1).max(passwordLengthMax),
  type: z.string().max(16).optional(),
  /** "Stay logged in": a 30-day session instead of a 1-day one. */
  stay: flag.optional(),
});

/** GET /user/walletNonce: the server-issued pieces of the EIP-4361 message the wallet signs. */
export const walletNonceReplySchema = z.object({
  nonce: z.string(),
  domain: z.string(),
  uri: z.string(),
  chain_id: z.number().int(),
  statement: z.string(),
  issued_at: z.string(),
  expiration_time: z.string(),
});
export type WalletNonce = z.infer<typeof walletNonceReplySchema>;

export const walletNames = [
  'metamask',
  'walletconnect',
  'coinbase',
  'trust',
  'tokenpocket',
  'imtoken',
] as const;
export type WalletName = (typeof walletNames)[number];

/** POST /user/walletLogin; the first sign-in of an address creates its account. */
export const walletLoginBodySchema = z.strictObject({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  signature: z.string().regex(/^0x[0-9a-fA-F]{130,}$/),
  message: z.string().min(1).max(4096),
  wallet: z.string().max(32).optional(),
  stay: flag.optional(),
  /** Invitation code, used only when this sign-in creates the account (as at registration). */
  extension_code: z.string().trim().max(16).optional(),
});

/**
 * Login, wallet login and registration reply the session token as the message (client contract):
 * 43 characters of base64url, sent back bare (or as `Bearer <token>`) in Authorization.
 */
export const tokenReplySchema = z.string();

/** Calls that only confirm (codes sent, passwords saved, logout, ...): a localised sentence. */
export const confirmationReplySchema = z.string();

export const verificationStates = ['unverified', 'pending', 'verified', 'rejected'] as const;
export type VerificationState = (typeof verificationStates)[number];

/** GET /user/info: never a hash. */
export const userInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  area_code: z.string().nullable(),
  nickname: z.string(),
  signature: z.string(),
  avatar: z.string(),
  invitation_code: z.string(),
  verification_level: z.number().int(),
  score: z.number().int(),
  wallet_address: z.string().nullable(),
  has_password: z.boolean(),
  has_pay_password: z.boolean(),
  created_at: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** GET /user/invite: the Mine page's invitation card, from real data. */
export const inviteSummarySchema = z.object({
  invitation_code: z.string(),
  invite_count: z.number().int(),
  traded_count: z.number().int(),
  /** Rebates arrive with trading; until then "0". */
  rebate: z.string(),
});

export const forgetPasswordBodySchema = z.strictObject({
  account: z.string().trim().min(3).max(254),
  password: passwordSchema,
  repassword: passwordSchema,
  code: verificationCodeSchema,
});

export const changePasswordBodySchema = z.strictObject({
  old_password: z.string().min(1).max(passwordLengthMax),
  password: passwordSchema,
  re_password: passwordSchema,
});

/** POST /safe/update_password: set or change the payment password with a `security` code. */
export const payPasswordBodySchema = z.strictObject({
  password: passwordSchema,
  re_password: passwordSchema,
  code: verificationCodeSchema,
});

export const bindMobileBodySchema = z.strictObject({
  mobile: mobileSchema,
  code: verificationCodeSchema,
  area_code: areaCodeSchema.optional(),
});
export const bindEmailBodySchema = z.strictObject({ email: emailSchema, code: verificationCodeSchema });

export const headPortraitBodySchema = z.strictObject({
  head_portrait: z.string().regex(/^\/uploads\/[0-9a-z/]+\.(jpg|png|webp|gif)$/),
});
export const editProfileBodySchema = z
  .strictObject({ nickname: nicknameSchema.optional(), signature: signatureSchema.optional() })
  .refine((body) => body.nickname !== undefined || body.signature !== undefined);

export const userTimezoneReplySchema = z.object({ timezone: z.string().nullable() });
export const userTimezoneUpdateBodySchema = z.strictObject({ timezone: z.string().min(1).max(64) });

/** GET /dev/outbox (demo only): what e-mail and SMS would have carried. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  /** outbox: kept local (demo or no adapter); sent or failed: handed to SMTP or the SMS provider. */
  status: z.enum(['outbox', 'sent', 'failed']),
  created_at: z.number().int(),
});
export const outboxReplySchema = z.array(outboxMessageSchema);

export const userCheckEmailRoute = postRoute('/user/check_email', {
  policy: 'public',
  body: checkCodeBodySchema,
  reply: confirmationReplySchema,
});

export const userRegisterRoute = postRoute('/user/register', {
  policy: 'public',
  body: registerBodySchema,
  reply: tokenReplySchema,
});

export const userLoginRoute = postRoute('/user/login', {
  policy: 'public',
  body: loginBodySchema,
  reply: tokenReplySchema,
});

export const userLogoutRoute = getRoute('/user/logout', {
  policy: 'user',
  query: noParamsSchema,
  reply: confirmationReplySchema,
});

export const userForgetRoute = postRoute('/user/forget', {
  policy: 'public',
  body: forgetPasswordBodySchema,
  reply: confirmationReplySchema,
});

export const userInfoRoute = getRoute('/user/info', {
  policy: 'user',
  query: noParamsSchema,
  reply: userInfoSchema,
});

export const userInviteRoute = getRoute('/user/invite', {
  policy: 'user',
  query: noParamsSchema,
  reply: inviteSummarySchema,
});

export const safeChangePasswordRoute = postRoute('/safe/change_password', {
  policy: 'user',
  body: changePasswordBodySchema,
  reply: confirmationReplySchema,
});

export const safeUpdatePasswordRoute = postRoute('/safe/update_password', {
  policy: 'user',
  body: payPasswordBodySchema,
  reply: confirmationReplySchema,
});

export const safeMobileRoute = postRoute('/safe/mobile', {
  policy: 'user',
  body: bindMobileBodySchema,
  reply: confirmationReplySchema,
});

export const safeEmailRoute = postRoute('/safe/email', {
  policy: 'user',
  body: bindEmailBodySchema,
  reply: confirmationReplySchema,
});

export const userUploadHeadPortraitRoute = postRoute('/user/uploadHeadPortrait', {
  policy: 'user',
  body: headPortraitBodySchema,
  reply: confirmationReplySchema,
});

export const userEditNicknameRoute = postRoute('/user/editNickname', {
  policy: 'user',
  body: editProfileBodySchema,
  reply: confirmationReplySchema,
});

export const userTimezoneRoute = getRoute('/user/timezone', {
  policy: 'user',
  query: noParamsSchema,
  reply: userTimezoneReplySchema,
});

export const userTimezoneUpdateRoute = postRoute('/user/timezone/update', {
  policy: 'user',
  body: userTimezoneUpdateBodySchema,
  reply: userTimezoneReplySchema,
});

export const userWalletNonceRoute = getRoute('/user/walletNonce', {
  policy: 'public',
  query: noParamsSchema,
  reply: walletNonceReplySchema,
});

export const userWalletLoginRoute = postRoute('/user/walletLogin', {
  policy: 'public',
  body: walletLoginBodySchema,
  reply: tokenReplySchema,
});

export const smsMailRoute = postRoute('/sms_mail', {
  policy: 'public',
  body: sendEmailCodeBodySchema,
  reply: confirmationReplySchema,
});

export const smsSendRoute = postRoute('/sms_send', {
  policy: 'public',
  body: sendSmsCodeBodySchema,
  reply: confirmationReplySchema,
});
