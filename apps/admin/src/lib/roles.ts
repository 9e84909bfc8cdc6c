import type { StaffRoleName } from '@fairex/contract';

/** The console's sections and the roles whose routes they call (admin passes every staff route). */
export const sections = [
  { key: 'dashboard', path: '/', roles: ['compliance', 'finance', 'content', 'support'] },
  { key: 'verifications', path: '/verifications', roles: ['compliance'] },
  { key: 'deposits', path: '/deposits', roles: ['finance'] },
  { key: 'withdrawals', path: '/withdrawals', roles: ['finance'] },
  { key: 'adjustments', path: '/adjustments', roles: ['finance'] },
  { key: 'audit', path: '/audit', roles: [] },
  { key: 'staff', path: '/staff', roles: [] },
] as const satisfies readonly { key: string; path: string; roles: readonly StaffRoleName[] }[];
export type SectionKey = (typeof sections)[number]['key'];

export function canOpen(roles: readonly StaffRoleName[], section: (typeof sections)[number]): boolean {
  return roles.includes('admin') || section.roles.some((role) => roles.includes(role));
}
