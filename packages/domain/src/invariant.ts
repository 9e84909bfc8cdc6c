/**
 * Assertions for code that moves money (conventions rule 4). A failed invariant is a bug in our
 * code: an internal error and an alert, never a message shown to a person.
 */
export class InvariantError extends Error {
  override name = 'InvariantError';
}

/** Throws an InvariantError unless `condition` holds; narrows `condition` for the compiler. */
export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) {
    throw new InvariantError(message);
  }
}

/** Marks a branch the compiler proves unreachable, e.g. the default of a switch over a union. */
export function assertNever(value: never): never {
  throw new InvariantError(`Unexpected value: ${describe(value)}`);
}

function describe(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.prototype.toString.call(value);
  }
  return String(value);
}
