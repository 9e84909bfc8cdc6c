/** Staff roles; the server's route policies use the same five (a test keeps them equal). */
export const staffRoleNames = ['admin', 'compliance', 'finance', 'content', 'support'] as const;
export type StaffRoleName = (typeof staffRoleNames)[number];
