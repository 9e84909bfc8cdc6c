import { describe, expect, it } from 'vitest';
import { formatMobile, maskEmail, maskMobile } from './account-format';
import { pathAfterLogin } from './hooks/use-leave-auth';

describe('masked contact details', () => {
  it('keeps only a hint of an e-mail address', () => {
    expect(maskEmail('annabel@example.com')).toBe('an***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskEmail('no-at-sign')).toBe('no-at-sign');
  });

  it('keeps the head and the last four digits of a phone number', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
    expect(maskMobile('812345')).toBe('****2345');
    expect(formatMobile('13800138000', '86', true)).toBe('+86 138****8000');
    expect(formatMobile('0812345678', null)).toBe('0812345678');
  });
});

describe('after login', () => {
  it('returns to the page a guard sent the user from', () => {
    expect(pathAfterLogin('/pages/fund/assets', 3)).toBe('/pages/fund/assets');
  });

  it('never returns to a sign-in page, and goes back or Home otherwise', () => {
    expect(pathAfterLogin('/pages/common/register?code=X', 2)).toBe(-1);
    expect(pathAfterLogin('https://evil.example', 0)).toBe('/pages/index/index');
    expect(pathAfterLogin(undefined, 0)).toBe('/pages/index/index');
    expect(pathAfterLogin(undefined, 4)).toBe(-1);
  });
});
