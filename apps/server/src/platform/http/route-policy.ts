import type { FastifyRequest } from 'fastify';
import { platformErrors } from './app-error';

export const staffRoles = ['admin', 'compliance', 'finance', 'content', 'support'] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * Every route states who may call it (conventions rule 8). `user` needs a valid session,
 * `verified` a session of a user with verification level 1 or more, `staff` a staff session
 * holding one of the roles.
 */
export type RoutePolicy =
  | { readonly kind: 'public' }
  | { readonly kind: 'user' }
  | { readonly kind: 'verified' }
  | { readonly kind: 'staff'; readonly roles: readonly StaffRole[] };

export const policies = {
  public: { kind: 'public' },
  user: { kind: 'user' },
  verified: { kind: 'verified' },
  staff: (...roles: StaffRole[]): RoutePolicy => ({ kind: 'staff', roles }),
} as const satisfies Record<string, RoutePolicy | ((...roles: StaffRole[]) => RoutePolicy)>;

export type Principal =
  | { readonly kind: 'user'; readonly userId: number; readonly verificationLevel: number }
  | { readonly kind: 'staff'; readonly staffId: number; readonly roles: readonly StaffRole[] };

/** Turns a presented token into whoever holds it; the accounts module supplies the real one. */
export interface SessionResolver {
  resolve(token: string): Promise<Principal | null>;
}

/** Until accounts exist nobody can hold a session, so every token is refused. */
export const noSessions: SessionResolver = { resolve: async () => null };

/**
 * Wraps a resolver so that fixed tokens stand for the given principals: the tests' stand-ins for
 * staff members of each role.
 */
export function withFixedPrincipals(
  resolver: SessionResolver,
  fixed: Readonly<Record<string, Principal>>,
): SessionResolver {
  return {
    resolve: async (token) =>
      Object.hasOwn(fixed, token) ? (fixed[token] ?? null) : resolver.resolve(token),
  };
}

/** The client contract sends the bare token; `Bearer ` is accepted too. */
export function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : header;
  const trimmed = token.trim();
  return trimmed.length > 0 && trimmed.length <= 512 ? trimmed : undefined;
}

export async function authorize(
  policy: RoutePolicy,
  token: string | undefined,
  sessions: SessionResolver,
): Promise<Principal | null> {
  if (policy.kind === 'public') {
    return token ? sessions.resolve(token) : null;
  }
  const principal = token ? await sessions.resolve(token) : null;
  switch (policy.kind) {
    case 'user':
    case 'verified': {
      if (principal?.kind !== 'user') throw platformErrors.sessionInvalid();
      if (policy.kind === 'verified' && principal.verificationLevel < 1) {
        throw platformErrors.verificationRequired();
      }
      return principal;
    }
    case 'staff': {
      if (principal?.kind !== 'staff') throw platformErrors.forbidden();
      if (!principal.roles.some((role) => role === 'admin' || policy.roles.includes(role))) {
        throw platformErrors.forbidden();
      }
      return principal;
    }
    default:
      return assertNever(policy);
  }
}

export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}

/** The signed-in user's id, or null for anyone else (public routes see who is calling). */
export function signedInUserId(request: FastifyRequest): number | null {
  return request.principal?.kind === 'user' ? request.principal.userId : null;
}

/** On `user` and `verified` routes the policy has already refused everyone else; this narrows. */
export function requiredUserId(request: FastifyRequest): number {
  const userId = signedInUserId(request);
  if (userId === null) throw platformErrors.sessionInvalid();
  return userId;
}
