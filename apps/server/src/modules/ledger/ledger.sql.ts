/** Raw statements of the ledger: rows of a statement, and the array literals of platform/db. */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';

export { integerArray, textArray } from '../../platform/db/sql-arrays';

type Executor = Pick<Database, 'execute'>;

/** Rows of a raw statement; node-postgres and PGlite both answer `{ rows }`. */
export async function rowsOf<Row>(db: Executor, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

export { type SQL, sql };
