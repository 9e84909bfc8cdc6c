import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/** A crash test's installation on PostgreSQL: its database and the data directory beside it. */
export type PostgresInstallation = { readonly databaseUrl: string; readonly dataDir: string };

/** The run's prepared PostgreSQL installation (global-setup.ts), or null when there is none. */
function preparedPostgres(): { database: string; dataDir: string } | null {
  try {
    return inject('e2ePreparedPostgres') ?? null;
  } catch {
    return null;
  }
}

/** The URL of another database on the server `adminUrl` names. */
export function databaseUrlOf(adminUrl: string, databaseName: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

/** One statement on its own connection (CREATE and DROP DATABASE cannot run in a transaction). */
export async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new database for a crash test. With the run's prepared installation it is a copy of that
 * database (`CREATE DATABASE ... TEMPLATE`: seeded, 30 days of history, the e2e admin) and the data
 * directory is a copy of its own; without one, an empty database and no data directory (the
 * server's first start then does the one-off work itself). The crash tests are about what happens
 * after the first start, which `server-process.test.ts` tests from empty.
 */
export async function createPostgresInstallation(
  adminUrl: string,
  databaseName: string,
): Promise<PostgresInstallation> {
  const prepared = preparedPostgres();
  if (!prepared) {
    await asAdmin(adminUrl, `CREATE DATABASE ${databaseName}`);
    return { databaseUrl: databaseUrlOf(adminUrl, databaseName), dataDir: '' };
  }
  await asAdmin(adminUrl, `CREATE DATABASE ${databaseName} TEMPLATE ${prepared.database}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fairex-e2e-'));
  cpSync(prepared.dataDir, dataDir, { recursive: true });
  return { databaseUrl: databaseUrlOf(adminUrl, databaseName), dataDir };
}

export async function dropPostgresInstallation(adminUrl: string, databaseName: string): Promise<void> {
  await asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
}
