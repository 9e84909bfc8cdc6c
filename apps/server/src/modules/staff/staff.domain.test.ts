import { describe, expect, it } from 'vitest';
import { isLocked, lockoutEnd, staffLockoutMs, staffUpdateRefusal } from './staff.domain';

describe('staff rules', () => {
  it('an admin may not remove their own admin role or disable themselves', () => {
    const self = { actorId: 1, targetId: 1 };
    expect(staffUpdateRefusal({ ...self, roles: ['finance'], status: undefined })).toBe('self_demotion');
    expect(staffUpdateRefusal({ ...self, roles: undefined, status: 'disabled' })).toBe('self_disable');
    expect(staffUpdateRefusal({ ...self, roles: ['admin', 'finance'], status: 'active' })).toBeNull();
    expect(
      staffUpdateRefusal({ actorId: 1, targetId: 2, roles: ['support'], status: 'disabled' }),
    ).toBeNull();
  });

  it('a lockout lasts its time and no longer', () => {
    const now = new Date('2026-11-22T08:00:00Z');
    const end = lockoutEnd(now);
    expect(end.getTime() - now.getTime()).toBe(staffLockoutMs);
    expect(isLocked(end, now)).toBe(true);
    expect(isLocked(end, end)).toBe(false);
    expect(isLocked(null, now)).toBe(false);
  });
});
