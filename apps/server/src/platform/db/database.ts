import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** The query builder every repository receives; the same type on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  readonly db: Database;
  readonly kind: DatabaseKind;
  close(): Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const postgresPoolSize = 10;
/** PostgreSQL's "terminating connection due to administrator command". */
const adminShutdownCode = '57P01';

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string | undefined };

/** The database the configuration names: DATABASE_URL, else PGlite in DATA_DIR. */
export function configuredDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
}

/** Where a database is, for a command's output: the PostgreSQL host, or PGlite's folder. */
export function describeDatabase(target: DatabaseTarget): string {
  return target.kind === 'postgres' ? new URL(target.url).host : `PGlite in ${target.dataDir}`;
}

/** The configured database could not be reached at start; the message is one line for the operator. */
export class DatabaseUnreachableError extends Error {
  override readonly name = 'DatabaseUnreachableError';
}

/** Why a connection attempt failed, in one line (Node reports a refused dual-stack connect as an AggregateError with no message). */
export function connectionFailureReason(error: unknown): string {
  const parts: unknown[] =
    error instanceof AggregateError && error.errors.length > 0 ? error.errors : [error];
  const reasons = parts.map((part) => {
    const item = part as { message?: unknown; code?: unknown };
    const message = typeof item.message === 'string' ? item.message : '';
    const code = typeof item.code === 'string' ? item.code : '';
    return (message || code || String(part)).split('\n')[0];
  });
  return [...new Set(reasons)].join('; ');
}

const startupConnectTimeoutMs = 10_000;

/** One connection attempt before anything else, so an unreachable server fails fast and plainly. */
async function probePostgres(target: { kind: 'postgres'; url: string }): Promise<void> {
  const probe = new pg.Client({
    connectionString: target.url,
    connectionTimeoutMillis: startupConnectTimeoutMs,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
  } catch (error) {
    throw new DatabaseUnreachableError(
      `Cannot reach the PostgreSQL database at ${describeDatabase(target)} (DATABASE_URL): ${connectionFailureReason(error)}`,
    );
  } finally {
    await probe.end().catch(() => {});
  }
}

/** Opens the database and applies every pending migration; the same migrations serve both engines. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') await probePostgres(target);
  const handle = connectDatabase(target);
  if (handle.kind === 'postgres') await migrateNodePg(handle.db as never, { migrationsFolder });
  else await migratePglite(handle.db as never, { migrationsFolder });
  return handle;
}

/**
 * Connects without migrating: for a database known to be migrated already (tests copy a migrated
 * one; `snapshot` is a PGlite data directory from `dumpDataDir`).
 */
export function connectDatabase(target: DatabaseTarget | { kind: 'pglite'; snapshot: Blob }): DatabaseHandle {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: postgresPoolSize });
    // An idle connection the server ends (restart, failover, an admin's terminate) must not crash
    // the process: the pool drops it and opens a new one on the next query.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== adminShutdownCode)
        console.error(`PostgreSQL idle connection error: ${error.message}`);
    });
    // A connection checked out of the pool (a query or transaction in flight) has no listener of
    // the pool's, and node-postgres emits 'error' on it when the connection drops: unheard, that
    // ends the process. The listener stays for the client's life; the query in flight rejects
    // (its request answers "service busy") and the pool discards the dead client on release.
    pool.on('connect', (client) => {
      client.on('error', (error: Error & { code?: string }) => {
        if (error.code !== adminShutdownCode)
          console.error(`PostgreSQL connection lost during a query: ${error.message}`);
      });
    });
    const db = drizzleNodePg({ client: pool });
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  if ('snapshot' in target) {
    const client = new PGlite({ loadDataDir: target.snapshot });
    return {
      db: drizzlePglite({ client }) as unknown as Database,
      kind: 'pglite',
      close: () => client.close(),
    };
  }
  let dataDir: string | undefined;
  if (target.dataDir) {
    dataDir = path.join(target.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = new PGlite(dataDir);
  const db = drizzlePglite({ client });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}
