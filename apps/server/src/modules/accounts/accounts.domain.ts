import type { CodePurpose } from '@fairex/contract';
import type { AccountsErrorCode } from './accounts.errors';

/** One-time codes (reliability case 12): 6 random digits, 10 minutes, single use, 5 tries. */
export const codeTtlMs = 10 * 60_000;
export const codeAttemptsMax = 5;
/** Sending limits per address (any purpose) and per client network address. */
export const codeResendIntervalMs = 60_000;
export const codesPerAddressPerDayMax = 10;
export const codesPerClientPerHourMax = 20;
export const dayMs = 24 * 60 * 60_000;
export const hourMs = 60 * 60_000;

/** Login lockout (reliability case 15): after 5 failures, 15 minutes of refusals. */
export const loginFailuresMax = 5;
export const loginLockoutMs = 15 * 60_000;
/** Payment password lockout (reliability case 13). */
export const payPasswordFailuresMax = 5;
export const payPasswordLockoutMs = 15 * 60_000;

/** Sessions: one day, or 30 days with "stay logged in". */
export const sessionTtlMs = 24 * 60 * 60_000;
export const stayLoggedInSessionTtlMs = 30 * sessionTtlMs;

/** Invitation codes: 8 characters without look-alikes (no 0/O, 1/I/L). */
export const invitationCodeLength = 8;
export const invitationCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const defaultNicknamePrefix = 'user';
export const defaultNicknameDigits = 4;

export type CodeChannel = 'email' | 'sms';

/** `scene` wins over `type`; without either, a signed-in caller binds and a visitor registers. */
export function resolvePurpose(params: {
  scene: CodePurpose | undefined;
  type: CodePurpose | undefined;
  signedIn: boolean;
}): CodePurpose {
  return params.scene ?? params.type ?? (params.signedIn ? 'bind' : 'register');
}

/** Purposes that speak for an existing session: the caller must be signed in. */
export function purposeNeedsSession(purpose: CodePurpose): boolean {
  return purpose === 'bind' || purpose === 'withdraw' || purpose === 'security';
}

export type SendHistory = {
  /** The last code of the same purpose to this address. */
  readonly lastSentToAddressAt: Date | null;
  readonly sentToAddressLastDay: number;
  readonly sentFromClientLastHour: number;
};

/** Why a code may not be sent now, or null when it may. */
export function codeSendRefusal(history: SendHistory, now: Date): AccountsErrorCode | null {
  if (history.sentFromClientLastHour >= codesPerClientPerHourMax) return 'code_client_limit';
  if (history.sentToAddressLastDay >= codesPerAddressPerDayMax) return 'code_daily_limit';
  if (
    history.lastSentToAddressAt &&
    now.getTime() - history.lastSentToAddressAt.getTime() < codeResendIntervalMs
  ) {
    return 'code_too_frequent';
  }
  return null;
}

export type StoredCode = {
  readonly attempts: number;
  readonly expiresAt: Date;
  readonly consumedAt: Date | null;
};

/** Only a live code may be tried: not used, not expired, fewer than 5 misses. */
export function isCodeLive(code: StoredCode, now: Date): boolean {
  return (
    code.consumedAt === null && code.expiresAt.getTime() > now.getTime() && code.attempts < codeAttemptsMax
  );
}

export function sessionExpiry(now: Date, stayLoggedIn: boolean): Date {
  return new Date(now.getTime() + (stayLoggedIn ? stayLoggedInSessionTtlMs : sessionTtlMs));
}

export function isLockedAt(lockedUntil: Date | null, now: Date): boolean {
  return lockedUntil !== null && lockedUntil.getTime() > now.getTime();
}

/** Failures counted for one login name; the repositories apply the same rule in SQL (users, unknown_login_failures). */
export type FailureState = { readonly failures: number; readonly lockedUntil: Date | null };

/** The state after one more failure: the fifth locks for the lockout and starts counting again. */
export function afterFailure(
  state: FailureState,
  now: Date,
  limits: { failuresMax: number; lockoutMs: number },
): FailureState {
  const failures = (isLockedAt(state.lockedUntil, now) ? 0 : state.failures) + 1;
  if (failures >= limits.failuresMax) {
    return { failures: 0, lockedUntil: new Date(now.getTime() + limits.lockoutMs) };
  }
  return { failures, lockedUntil: null };
}

/** `a@b.c` is an e-mail; anything else is taken as a phone number or an account name. */
export function isEmailLike(userString: string): boolean {
  return userString.includes('@');
}

/** How login names and addresses are compared: e-mails case-insensitively, the rest as typed. */
export function normalizeLoginName(userString: string): string {
  const trimmed = userString.trim();
  return isEmailLike(trimmed) ? trimmed.toLowerCase() : trimmed;
}

export function phoneRecipient(areaCode: string | null, mobile: string): string {
  return areaCode ? `+${areaCode}${mobile}` : mobile;
}

export function defaultNickname(digits: string): string {
  return `${defaultNicknamePrefix}${digits}`;
}

export function invitationCodeFrom(indexes: readonly number[]): string {
  return indexes.map((index) => invitationCodeAlphabet[index % invitationCodeAlphabet.length]).join('');
}

/** A schema issue as the zod type provider reports it. */
export type ValidationIssue = { readonly keyword: string; readonly instancePath: string };

const passwordFields = new Set(['password', 're_password', 'repassword']);
const codeFields = new Set(['code', 'email_code']);

/**
 * The specific message for a refused field where one helps the user (spec section 5): a short
 * password, a code that is not 6 digits, a nickname that is too long or has symbols. Null means
 * the generic "Parameter error".
 */
export function validationErrorFor(issues: readonly ValidationIssue[]): AccountsErrorCode | null {
  for (const issue of issues) {
    const field = issue.instancePath.split('/')[1] ?? '';
    const { keyword } = issue;
    if (keyword === 'invalid_type' || keyword === 'unrecognized_keys') return null;
    if (passwordFields.has(field)) {
      if (keyword === 'too_small') return 'password_too_short';
      if (keyword === 'too_big') return 'password_too_long';
    }
    if (codeFields.has(field)) return 'code_format';
    if (field === 'nickname' || field === 'signature') {
      if (keyword === 'too_big') return field === 'nickname' ? 'nickname_too_long' : 'signature_too_long';
      if (keyword === 'too_small') return field === 'nickname' ? 'nickname_too_short' : 'signature_too_short';
      if (keyword === 'invalid_format') return 'special_characters';
    }
    if (field === 'email' || field === 'user_string') {
      if (keyword === 'invalid_format') return 'invalid_email';
    }
    if (field === 'mobile' || field === 'area_code') return 'invalid_mobile';
  }
  return null;
}
