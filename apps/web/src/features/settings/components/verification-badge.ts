export type VerificationBadge = { key: 'unverified' | 'basic' | 'advanced'; verified: boolean };

/** verification_level 0 none, 1 basic (Lv1), 2 advanced (Lv2). */
export function verificationBadge(level: number): VerificationBadge {
  if (level >= 2) return { key: 'advanced', verified: true };
  if (level === 1) return { key: 'basic', verified: true };
  return { key: 'unverified', verified: false };
}
