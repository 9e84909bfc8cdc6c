import type { RegisterFormInput } from '../forms/account-forms';

/**
 * The registration form while the user picks an area code on its own page, so nothing typed is
 * lost on the way back. Memory only, taken once.
 */
let draft: RegisterFormInput | null = null;

export function keepRegisterDraft(values: RegisterFormInput): void {
  draft = values;
}

export function takeRegisterDraft(): RegisterFormInput | null {
  const taken = draft;
  draft = null;
  return taken;
}
