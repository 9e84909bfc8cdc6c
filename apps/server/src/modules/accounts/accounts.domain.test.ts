import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  codeSendRefusal,
  codesPerAddressPerDayMax,
  codesPerClientPerHourMax,
  defaultNickname,
  invitationCodeAlphabet,
  invitationCodeFrom,
  isCodeLive,
  isLockedAt,
  normalizeLoginName,
  phoneRecipient,
  purposeNeedsSession,
  resolvePurpose,
  sessionExpiry,
  validationErrorFor,
} from './accounts.domain';

const now = new Date('2026-11-22T10:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

describe('accounts rules', () => {
  it('takes the purpose from scene, then type, then the session', () => {
    expect(resolvePurpose({ scene: 'forget', type: 'register', signedIn: true })).toBe('forget');
    expect(resolvePurpose({ scene: undefined, type: 'forget', signedIn: false })).toBe('forget');
    expect(resolvePurpose({ scene: undefined, type: undefined, signedIn: true })).toBe('bind');
    expect(resolvePurpose({ scene: undefined, type: undefined, signedIn: false })).toBe('register');
    expect(['register', 'forget'].map((purpose) => purposeNeedsSession(purpose as 'register'))).toEqual([
      false,
      false,
    ]);
    expect(['bind', 'withdraw', 'security'].every((purpose) => purposeNeedsSession(purpose as 'bind'))).toBe(
      true,
    );
  });

  it('refuses a send inside a minute, past 10 a day per address, past 20 an hour per client', () => {
    const quiet = { lastSentToAddressAt: null, sentToAddressLastDay: 0, sentFromClientLastHour: 0 };
    expect(codeSendRefusal(quiet, now)).toBeNull();
    expect(codeSendRefusal({ ...quiet, lastSentToAddressAt: at(-59_999) }, now)).toBe('code_too_frequent');
    expect(codeSendRefusal({ ...quiet, lastSentToAddressAt: at(-60_000) }, now)).toBeNull();
    expect(codeSendRefusal({ ...quiet, sentToAddressLastDay: codesPerAddressPerDayMax - 1 }, now)).toBeNull();
    expect(codeSendRefusal({ ...quiet, sentToAddressLastDay: codesPerAddressPerDayMax }, now)).toBe(
      'code_daily_limit',
    );
    expect(codeSendRefusal({ ...quiet, sentFromClientLastHour: codesPerClientPerHourMax }, now)).toBe(
      'code_client_limit',
    );
  });

  it('treats a code as live until used, expired or missed 5 times', () => {
    const live = { attempts: 0, expiresAt: at(1), consumedAt: null };
    expect(isCodeLive(live, now)).toBe(true);
    expect(isCodeLive({ ...live, attempts: 4 }, now)).toBe(true);
    expect(isCodeLive({ ...live, attempts: 5 }, now)).toBe(false);
    expect(isCodeLive({ ...live, expiresAt: now }, now)).toBe(false);
    expect(isCodeLive({ ...live, consumedAt: at(-1) }, now)).toBe(false);
  });

  it('locks on the fifth failure for 15 minutes and counts again afterwards', () => {
    const limits = { failuresMax: 5, lockoutMs: 15 * 60_000 };
    let state = { failures: 0, lockedUntil: null as Date | null };
    for (let failure = 1; failure < 5; failure += 1) {
      state = afterFailure(state, now, limits);
      expect(state).toEqual({ failures: failure, lockedUntil: null });
    }
    state = afterFailure(state, now, limits);
    expect(state).toEqual({ failures: 0, lockedUntil: at(15 * 60_000) });
    expect(isLockedAt(state.lockedUntil, at(15 * 60_000 - 1))).toBe(true);
    expect(isLockedAt(state.lockedUntil, at(15 * 60_000))).toBe(false);
    expect(afterFailure(state, at(16 * 60_000), limits)).toEqual({ failures: 1, lockedUntil: null });
  });

  it('keeps sessions one day, or thirty with stay', () => {
    expect(sessionExpiry(now, false)).toEqual(at(24 * 60 * 60_000));
    expect(sessionExpiry(now, true)).toEqual(at(30 * 24 * 60 * 60_000));
  });

  it('compares e-mails case-insensitively and other names as typed', () => {
    expect(normalizeLoginName('  Alice@Example.COM ')).toBe('alice@example.com');
    expect(normalizeLoginName(' 0xAbC ')).toBe('0xAbC');
    expect(phoneRecipient('86', '13900000000')).toBe('+8613900000000');
    expect(phoneRecipient(null, '13900000000')).toBe('13900000000');
  });

  it('derives nicknames and invitation codes from the random parts it is given', () => {
    expect(defaultNickname('0042')).toBe('user0042');
    expect(invitationCodeFrom([0, 1, 2, 3, 4, 5, 6, 7])).toBe('ABCDEFGH');
    expect(invitationCodeFrom([invitationCodeAlphabet.length - 1])).toBe('9');
    expect(invitationCodeAlphabet).not.toMatch(/[01ILO]/);
  });

  it('maps refused fields to the messages of spec section 5', () => {
    const issue = (field: string, keyword: string) => [{ keyword, instancePath: `/${field}` }];
    expect(validationErrorFor(issue('password', 'too_small'))).toBe('password_too_short');
    expect(validationErrorFor(issue('repassword', 'too_big'))).toBe('password_too_long');
    expect(validationErrorFor(issue('code', 'invalid_format'))).toBe('code_format');
    expect(validationErrorFor(issue('email_code', 'too_small'))).toBe('code_format');
    expect(validationErrorFor(issue('nickname', 'too_big'))).toBe('nickname_too_long');
    expect(validationErrorFor(issue('nickname', 'too_small'))).toBe('nickname_too_short');
    expect(validationErrorFor(issue('signature', 'invalid_format'))).toBe('special_characters');
    expect(validationErrorFor(issue('user_string', 'invalid_format'))).toBe('invalid_email');
    expect(validationErrorFor(issue('mobile', 'invalid_format'))).toBe('invalid_mobile');
    expect(validationErrorFor(issue('nickname', 'invalid_type'))).toBeNull();
    expect(validationErrorFor(issue('', 'unrecognized_keys'))).toBeNull();
    expect(validationErrorFor(issue('scene', 'invalid_value'))).toBeNull();
    expect(validationErrorFor([])).toBeNull();
  });
});
