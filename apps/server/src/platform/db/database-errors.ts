/**
 * PostgreSQL errors as the drivers raise them: the SQLSTATE may sit on the error itself or on a
 * cause a wrapper (drizzle, PGlite) added, a few levels down.
 */
type PgErrorLike = { code?: unknown; constraint?: unknown; cause?: unknown };

/** The first error in the cause chain that carries one of `codes`, or null. */
function findCode(error: unknown, codes: readonly string[]): PgErrorLike | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const candidate = current as PgErrorLike;
    if (typeof candidate.code === 'string' && codes.includes(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return null;
}

export const sqlState = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

/** Whether the error (or a cause of it) is one of these SQLSTATEs. */
export function hasSqlState(error: unknown, ...codes: string[]): boolean {
  return findCode(error, codes) !== null;
}

/** The unique index a failed insert or update ran into ('' when unnamed), or null for any other error. */
export function uniqueViolationOf(error: unknown): string | null {
  const found = findCode(error, [sqlState.uniqueViolation]);
  if (!found) return null;
  return typeof found.constraint === 'string' ? found.constraint : '';
}
