import {
  areaCodeSchema,
  bindEmailBodySchema,
  bindMobileBodySchema,
  changePasswordBodySchema,
  editProfileBodySchema,
  emailSchema,
  forgetPasswordBodySchema,
  loginBodySchema,
  mobileSchema,
  nicknameSchema,
  payPasswordBodySchema,
  registerBodySchema,
} from '@fairex/contract';
import { formErrorKeys } from './form-errors';

/**
 * The screens' forms are the contract's request schemas (spec section 5), so the client checks
 * exactly what the server will; form-errors.ts turns each issue into one of our messages. Only
 * the cross-field rules are added here, with their message key.
 */
type Schema = { _zod: { input: unknown } };
export type FormInput<S extends Schema> = S['_zod']['input'];

const passwordMismatch = { message: formErrorKeys.passwordMismatch };

/** True unless both are filled in and differ (an empty confirmation has its own message). */
function same(first: string, second: string): boolean {
  return second === '' || first === second;
}

/** Account, e-mail or phone and password; "stay logged in" is sent beside the form. */
export const loginFormSchema = loginBodySchema.pick({ user_string: true, password: true });

export const registrationTabs = ['email', 'mobile'] as const;
export type RegistrationTab = (typeof registrationTabs)[number];

/** The account field alone, checked before a code is sent to it; null when it is fine. */
export function registerAccountError(type: RegistrationTab, account: string): string | null {
  if (account.trim() === '') return formErrorKeys.required;
  const schema = type === 'email' ? emailSchema : mobileSchema;
  if (schema.safeParse(account).success) return null;
  return type === 'email' ? formErrorKeys.emailInvalid : formErrorKeys.mobileInvalid;
}

/**
 * Both tabs in one form: the account field is an e-mail or a national phone number, so it is
 * checked by the tab's own schema (required first, then the format for that tab).
 */
export const registerFormSchema = registerBodySchema
  .omit({ user_string: true })
  .extend({ user_string: loginBodySchema.shape.user_string })
  .superRefine((value, context) => {
    const type = value.type ?? 'email';
    if (value.user_string.trim() !== '') {
      const problem = registerAccountError(type, value.user_string);
      if (problem) context.addIssue({ code: 'custom', path: ['user_string'], message: problem });
    }
    if (type === 'mobile' && !areaCodeSchema.safeParse(value.area_code ?? '').success) {
      context.addIssue({ code: 'custom', path: ['area_code'], message: formErrorKeys.areaInvalid });
    }
    if (!same(value.password, value.re_password)) {
      context.addIssue({ code: 'custom', path: ['re_password'], ...passwordMismatch });
    }
  });
export type RegisterFormInput = FormInput<typeof registerFormSchema>;

/** Forgot password: the account is the e-mail the code goes to. */
export const forgetFormSchema = forgetPasswordBodySchema
  .extend({ account: emailSchema })
  .refine((value) => same(value.password, value.repassword), { path: ['repassword'], ...passwordMismatch });

export const changePasswordFormSchema = changePasswordBodySchema.refine(
  (value) => same(value.password, value.re_password),
  { path: ['re_password'], ...passwordMismatch },
);

export const payPasswordFormSchema = payPasswordBodySchema.refine(
  (value) => same(value.password, value.re_password),
  { path: ['re_password'], ...passwordMismatch },
);

export const bindEmailFormSchema = bindEmailBodySchema;
export const bindMobileFormSchema = bindMobileBodySchema;

/**
 * Nickname required; an empty signature is not sent (the page maps "" to undefined with
 * setValueAs, so the contract's optional signature accepts it).
 */
export const profileFormSchema = editProfileBodySchema.safeExtend({ nickname: nicknameSchema });

/** What an empty text field becomes in a form whose contract field is optional. */
export function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}
