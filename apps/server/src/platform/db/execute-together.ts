import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './database';

/**
 * Runs data-modifying statements as ONE (each a CTE of `select 1`): one round trip. They must touch
 * different rows, since no statement sees another's changes, and their order must not matter.
 */
export async function executeTogether(
  tx: Pick<Database, 'execute'>,
  statements: readonly SQL[],
): Promise<void> {
  if (statements.length === 0) return;
  if (statements.length === 1) {
    await tx.execute(statements[0] as SQL);
    return;
  }
  const ctes = sql.join(
    statements.map((statement, index) => sql`${sql.raw(`w${index}`)} as (${statement})`),
    sql`, `,
  );
  await tx.execute(sql`with ${ctes} select 1`);
}
