import { describe, expect, it } from 'vitest';
import { hasSqlState, sqlState, uniqueViolationOf } from './database-errors';

describe('database errors', () => {
  const unique = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'users_email_idx' });

  it('finds a SQLSTATE on the error or down its cause chain', () => {
    expect(hasSqlState(unique, sqlState.uniqueViolation)).toBe(true);
    const wrapped = new Error('query failed', { cause: new Error('driver', { cause: unique }) });
    expect(hasSqlState(wrapped, sqlState.uniqueViolation)).toBe(true);
    expect(hasSqlState(wrapped, sqlState.deadlockDetected, sqlState.serializationFailure)).toBe(false);
    expect(hasSqlState(Object.assign(new Error('x'), { code: '40P01' }), sqlState.deadlockDetected)).toBe(
      true,
    );
    expect(hasSqlState(null, sqlState.uniqueViolation)).toBe(false);
    expect(hasSqlState('23505', sqlState.uniqueViolation)).toBe(false);
  });

  it('names the unique index a write ran into', () => {
    expect(uniqueViolationOf(new Error('outer', { cause: unique }))).toBe('users_email_idx');
    expect(uniqueViolationOf(Object.assign(new Error('no name'), { code: '23505' }))).toBe('');
    expect(uniqueViolationOf(Object.assign(new Error('check'), { code: '23514' }))).toBeNull();
  });

  it('stops after five levels of causes', () => {
    let error: unknown = unique;
    for (let level = 0; level < 5; level += 1) error = new Error(`level ${level}`, { cause: error });
    expect(hasSqlState(error, sqlState.uniqueViolation)).toBe(false);
  });
});
