import { describe, expect, it } from 'vitest';
import { codeResendSeconds, countdownEnd, countdownKey, secondsLeft, useCountdownStore } from './countdown';

describe('code countdown', () => {
  it('runs 60 seconds from the moment a code is sent', () => {
    const sentAt = 1_000_000;
    const end = countdownEnd(sentAt);
    expect(codeResendSeconds).toBe(60);
    expect(secondsLeft(end, sentAt)).toBe(60);
    expect(secondsLeft(end, sentAt + 1)).toBe(60);
    expect(secondsLeft(end, sentAt + 1000)).toBe(59);
    expect(secondsLeft(end, sentAt + 59_001)).toBe(1);
    expect(secondsLeft(end, sentAt + 60_000)).toBe(0);
    expect(secondsLeft(end, sentAt + 90_000)).toBe(0);
  });

  it('is not running before a code was sent', () => {
    expect(secondsLeft(undefined, 5)).toBe(0);
  });

  it('keys countdowns by purpose and address, ignoring case and spaces', () => {
    expect(countdownKey('register-email', ' Ann@Example.com ')).toBe('register-email:ann@example.com');
    expect(countdownKey('bind', '86138')).not.toBe(countdownKey('bind', '86139'));
  });

  it('keeps a started countdown for the key, so leaving the page does not reset it', () => {
    useCountdownStore.getState().start('forget:ann@example.com', 10_000);
    expect(useCountdownStore.getState().endsAt['forget:ann@example.com']).toBe(70_000);
    expect(useCountdownStore.getState().endsAt['forget:bob@example.com']).toBeUndefined();
  });
});
