import type { StaffRoleName } from '@fairex/contract';

/**
 * The console's sections and the roles whose routes they call (admin passes every staff route).
 * A section hidden from the menu is also refused by the layout when its address is typed.
 */
export const sections = [
  { key: 'dashboard', path: '/', roles: ['compliance', 'finance', 'content', 'support'] },
  { key: 'verifications', path: '/verifications', roles: ['compliance'] },
  { key: 'users', path: '/users', roles: ['compliance', 'finance', 'support'] },
  { key: 'deposits', path: '/deposits', roles: ['finance'] },
  { key: 'withdrawals', path: '/withdrawals', roles: ['finance'] },
  { key: 'adjustments', path: '/adjustments', roles: ['finance'] },
  { key: 'depositAddresses', path: '/deposit-addresses', roles: ['finance'] },
  { key: 'contracts', path: '/contracts', roles: ['finance', 'support'] },
  { key: 'mining', path: '/mining', roles: ['finance'] },
  { key: 'dual', path: '/dual', roles: ['finance'] },
  { key: 'content', path: '/content', roles: ['content'] },
  { key: 'settings', path: '/settings', roles: ['content'] },
  { key: 'ieo', path: '/ieo', roles: [] },
  { key: 'nft', path: '/nft', roles: ['content'] },
  { key: 'audit', path: '/audit', roles: [] },
  { key: 'staff', path: '/staff', roles: [] },
] as const satisfies readonly { key: string; path: string; roles: readonly StaffRoleName[] }[];
export type Section = (typeof sections)[number];
export type SectionKey = Section['key'];

export function canOpen(roles: readonly StaffRoleName[], section: Section): boolean {
  return roles.includes('admin') || section.roles.some((role) => roles.includes(role));
}

/** Whether the signed-in member has a role (admin has every role's rights). */
export function hasRole(roles: readonly StaffRoleName[], role: StaffRoleName): boolean {
  return roles.includes('admin') || roles.includes(role);
}
