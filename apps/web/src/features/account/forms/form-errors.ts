/**
 * Client-side validation messages (spec sections 5 and 8). Forms validate with the contract's zod
 * schemas; this maps each zod issue to one of our locale keys instead of zod's English text.
 * Pure: no React, no i18next.
 */
export const formErrorKeys = {
  required: 'account:errors.required',
  invalid: 'account:errors.invalid',
  passwordShort: 'account:errors.passwordShort',
  passwordMismatch: 'account:errors.passwordMismatch',
  codeDigits: 'account:errors.codeDigits',
  emailInvalid: 'account:errors.emailInvalid',
  mobileInvalid: 'account:errors.mobileInvalid',
  areaInvalid: 'account:errors.areaInvalid',
  tooLong: 'account:errors.tooLong',
  nicknameLength: 'account:errors.nicknameLength',
  signatureLength: 'account:errors.signatureLength',
  specialCharacters: 'account:errors.specialCharacters',
} as const;

export type FormErrorKey = (typeof formErrorKeys)[keyof typeof formErrorKeys];

/** What the mapping reads of a zod issue (a zod 4 raw issue satisfies it). */
export type IssueLike = {
  code: string;
  path?: readonly PropertyKey[];
  input?: unknown;
};

const passwordFields = new Set(['password', 're_password', 'repassword', 'old_password']);

function isBlank(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

function lengthKey(field: string): FormErrorKey | null {
  if (passwordFields.has(field)) return formErrorKeys.passwordShort;
  if (field === 'nickname') return formErrorKeys.nicknameLength;
  if (field === 'signature') return formErrorKeys.signatureLength;
  if (field === 'code') return formErrorKeys.codeDigits;
  return null;
}

function formatKey(field: string): FormErrorKey | null {
  if (field === 'code') return formErrorKeys.codeDigits;
  // `account` is the e-mail on the forgot-password form.
  if (field === 'email' || field === 'account') return formErrorKeys.emailInvalid;
  if (field === 'mobile') return formErrorKeys.mobileInvalid;
  if (field === 'area_code') return formErrorKeys.areaInvalid;
  if (field === 'nickname' || field === 'signature') return formErrorKeys.specialCharacters;
  return null;
}

/** The locale key for one validation issue, by the field it concerns and what went wrong. */
export function issueMessageKey(issue: IssueLike): FormErrorKey {
  const field = String(issue.path?.at(-1) ?? '');
  if (isBlank(issue.input) && issue.code !== 'custom') {
    return formErrorKeys.required;
  }
  switch (issue.code) {
    case 'too_big':
      return formErrorKeys.tooLong;
    case 'too_small':
      return lengthKey(field) ?? formErrorKeys.invalid;
    case 'invalid_format':
      return formatKey(field) ?? formErrorKeys.invalid;
    default:
      return formErrorKeys.invalid;
  }
}

/** Parse options for zodResolver: every issue without a message of its own gets our key. */
export const localisedIssues = { error: (issue: IssueLike) => issueMessageKey(issue) };
