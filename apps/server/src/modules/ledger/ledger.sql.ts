/**
 * Postgres array literals for set-based statements (`unnest($1::numeric[], ...)`): one parameter
 * per column however many rows, identical on node-postgres and PGlite.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';

type Executor = Pick<Database, 'execute'>;

export function integerArray(values: readonly (bigint | number)[]): string {
  for (const value of values) {
    if (typeof value === 'number' && !Number.isSafeInteger(value))
      throw new Error(`not an integer: ${value}`);
  }
  return `{${values.join(',')}}`;
}

export function textArray(values: readonly (string | null)[]): string {
  const items = values.map((value) =>
    value === null ? 'NULL' : `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
  );
  return `{${items.join(',')}}`;
}

/** Rows of a raw statement; node-postgres and PGlite both answer `{ rows }`. */
export async function rowsOf<Row>(db: Executor, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

export { sql };
