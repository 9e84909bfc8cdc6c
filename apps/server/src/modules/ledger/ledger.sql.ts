/** Raw statements of the ledger: rows of a statement, and the array literals of platform/db. */
import { type SQL, sql } from 'drizzle-orm';

export { rowsOf } from '../../platform/db/rows';
export { integerArray, textArray } from '../../platform/db/sql-arrays';

export { type SQL, sql };
