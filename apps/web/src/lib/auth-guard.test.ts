import { describe, expect, it } from 'vitest';
import { decideAccess } from './auth-guard';

describe('decideAccess', () => {
  it('lets a visitor with a token through', () => {
    expect(decideAccess('abc123')).toEqual({ kind: 'allow' });
  });

  it('sends a visitor without a token to login after 1200 ms with a notice', () => {
    for (const token of [null, '', '   ']) {
      expect(decideAccess(token)).toEqual({
        kind: 'redirect',
        to: '/pages/common/login',
        delayMs: 1200,
        messageKey: 'common:auth.loginRequired',
      });
    }
  });
});
