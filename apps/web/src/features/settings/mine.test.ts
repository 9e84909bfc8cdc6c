import { describe, expect, it } from 'vitest';
import { verificationBadge } from './components/verification-badge';
import { invitationLink } from './invite-link';

describe('verification badge', () => {
  it('names the level the user reached', () => {
    expect(verificationBadge(0)).toEqual({ key: 'unverified', verified: false });
    expect(verificationBadge(1)).toEqual({ key: 'basic', verified: true });
    expect(verificationBadge(2)).toEqual({ key: 'advanced', verified: true });
  });
});

describe('invitation link', () => {
  it('opens registration with the code filled in', () => {
    expect(invitationLink('https://fx.example', 'AB12CD')).toBe(
      'https://fx.example/#/pages/common/register?code=AB12CD',
    );
  });

  it('keeps an unusual code inside the query string', () => {
    expect(invitationLink('http://localhost:8080', 'a b&c')).toBe(
      'http://localhost:8080/#/pages/common/register?code=a%20b%26c',
    );
  });
});
