import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  forgetFormSchema,
  loginFormSchema,
  payPasswordFormSchema,
  profileFormSchema,
  registerAccountError,
  registerFormSchema,
} from './account-forms';
import { formErrorKeys, issueMessageKey, localisedIssues } from './form-errors';

type Parsable = {
  safeParse(
    value: unknown,
    options: typeof localisedIssues,
  ): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
};

/** The first message per field, as react-hook-form's zodResolver shows them. */
function messages(schema: Parsable, value: unknown): Record<string, string> {
  const result = schema.safeParse(value, localisedIssues);
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.join('.');
    byField[field] ??= issue.message;
  }
  return byField;
}

const registration = {
  type: 'email',
  user_string: 'ann@example.com',
  area_code: '86',
  code: '123456',
  password: 'secret12',
  re_password: 'secret12',
  extension_code: '',
};

describe('issue → message key', () => {
  it('says "required" for any empty field', () => {
    expect(issueMessageKey({ code: 'too_small', path: ['password'], input: '' })).toBe(
      formErrorKeys.required,
    );
    expect(issueMessageKey({ code: 'invalid_format', path: ['code'], input: '  ' })).toBe(
      formErrorKeys.required,
    );
  });

  it('maps length and format by field', () => {
    expect(issueMessageKey({ code: 'too_small', path: ['password'], input: 'abc' })).toBe(
      formErrorKeys.passwordShort,
    );
    expect(issueMessageKey({ code: 'invalid_format', path: ['code'], input: '12a' })).toBe(
      formErrorKeys.codeDigits,
    );
    expect(issueMessageKey({ code: 'too_big', path: ['nickname'], input: 'x'.repeat(11) })).toBe(
      formErrorKeys.tooLong,
    );
    expect(issueMessageKey({ code: 'invalid_format', path: ['nickname'], input: 'a!' })).toBe(
      formErrorKeys.specialCharacters,
    );
    expect(issueMessageKey({ code: 'invalid_type', path: ['x'], input: 3 })).toBe(formErrorKeys.invalid);
  });
});

describe('login form', () => {
  it('requires both fields', () => {
    expect(messages(loginFormSchema, { user_string: ' ', password: '' })).toEqual({
      user_string: formErrorKeys.required,
      password: formErrorKeys.required,
    });
  });

  it('accepts an account of any kind with any password', () => {
    expect(messages(loginFormSchema, { user_string: 'ann', password: 'x' })).toEqual({});
  });
});

describe('register form', () => {
  it('accepts a complete e-mail registration', () => {
    expect(messages(registerFormSchema, registration)).toEqual({});
  });

  it('explains every wrong field in our words', () => {
    expect(
      messages(registerFormSchema, {
        ...registration,
        user_string: 'not-an-email',
        code: '12345',
        password: 'short',
        re_password: 'different',
      }),
    ).toEqual({
      user_string: formErrorKeys.emailInvalid,
      code: formErrorKeys.codeDigits,
      password: formErrorKeys.passwordShort,
      re_password: formErrorKeys.passwordMismatch,
    });
  });

  it('says the passwords are inconsistent when both are long enough but differ', () => {
    expect(messages(registerFormSchema, { ...registration, re_password: 'secret13' })).toEqual({
      re_password: formErrorKeys.passwordMismatch,
    });
  });

  it('checks a phone number on the phone tab, with its area code', () => {
    const phone = { ...registration, type: 'mobile', user_string: '13800138000' };
    expect(messages(registerFormSchema, phone)).toEqual({});
    expect(messages(registerFormSchema, { ...phone, user_string: '138-0013' })).toEqual({
      user_string: formErrorKeys.mobileInvalid,
    });
    expect(messages(registerFormSchema, { ...phone, area_code: 'x' })).toEqual({
      area_code: formErrorKeys.areaInvalid,
    });
  });

  it('requires the account first', () => {
    expect(messages(registerFormSchema, { ...registration, user_string: '' })).toEqual({
      user_string: formErrorKeys.required,
    });
  });

  it('checks the account alone before sending a code', () => {
    expect(registerAccountError('email', '')).toBe(formErrorKeys.required);
    expect(registerAccountError('email', 'ann@')).toBe(formErrorKeys.emailInvalid);
    expect(registerAccountError('email', 'ann@example.com')).toBeNull();
    expect(registerAccountError('mobile', '0812345678')).toBeNull();
    expect(registerAccountError('mobile', '+66 81')).toBe(formErrorKeys.mobileInvalid);
  });
});

describe('password forms', () => {
  it('forgot password wants an e-mail and matching passwords', () => {
    expect(
      messages(forgetFormSchema, {
        account: 'ann',
        code: '123456',
        password: 'secret12',
        repassword: 'secret12',
      }),
    ).toEqual({ account: formErrorKeys.emailInvalid });
    expect(
      messages(forgetFormSchema, {
        account: 'ann@example.com',
        code: '123456',
        password: 'secret12',
        repassword: 'secret21',
      }),
    ).toEqual({ repassword: formErrorKeys.passwordMismatch });
  });

  it('change password needs the old one and a matching new one', () => {
    expect(
      messages(changePasswordFormSchema, { old_password: '', password: 'secret12', re_password: 'secret12' }),
    ).toEqual({
      old_password: formErrorKeys.required,
    });
    expect(
      messages(changePasswordFormSchema, {
        old_password: 'old',
        password: 'secret12',
        re_password: 'secret',
      }),
    ).toEqual({ re_password: formErrorKeys.passwordShort });
  });

  it('payment password needs a 6-digit code', () => {
    expect(
      messages(payPasswordFormSchema, { code: 'abcdef', password: 'secret12', re_password: 'secret12' }),
    ).toEqual({
      code: formErrorKeys.codeDigits,
    });
  });
});

describe('profile form', () => {
  it('takes 2-10 characters of Chinese, Latin letters and digits as a nickname', () => {
    expect(messages(profileFormSchema, { nickname: '小明Ann7' })).toEqual({});
    expect(messages(profileFormSchema, { nickname: 'A' })).toEqual({
      nickname: formErrorKeys.nicknameLength,
    });
    expect(messages(profileFormSchema, { nickname: 'Abcdefghijk' })).toEqual({
      nickname: formErrorKeys.tooLong,
    });
    expect(messages(profileFormSchema, { nickname: 'Ann!' })).toEqual({
      nickname: formErrorKeys.specialCharacters,
    });
  });

  it('leaves the signature optional, but checks it when given', () => {
    expect(messages(profileFormSchema, { nickname: 'Ann', signature: undefined })).toEqual({});
    expect(messages(profileFormSchema, { nickname: 'Ann', signature: 'x'.repeat(31) })).toEqual({
      signature: formErrorKeys.tooLong,
    });
    expect(messages(profileFormSchema, { nickname: 'Ann', signature: 'hi there' })).toEqual({
      signature: formErrorKeys.specialCharacters,
    });
  });
});
