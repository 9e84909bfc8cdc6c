import type { SQL } from 'drizzle-orm';
import type { Database } from './database';

type Executor = Pick<Database, 'execute'>;

/** Rows of a raw statement; node-postgres and PGlite both answer `{ rows }`. */
export async function rowsOf<Row>(db: Executor, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}
