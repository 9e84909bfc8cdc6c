/**
 * Fresh, migrated databases for tests, made cheaply: the migrations run once per set of migration
 * files (named by their hash), and every test database is a copy of that migrated one. PGlite
 * loads a snapshot of the migrated data directory kept in the temp folder; PostgreSQL copies a
 * template database. A changed migration changes the hash, so a stale copy is never used.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  connectDatabase,
  type DatabaseHandle,
  migrationsFolder,
  openDatabase,
} from '../platform/db/database';

export type TestDatabase = { readonly name: 'pglite' | 'postgres'; open(): Promise<DatabaseHandle> };

/** The hash of every migration file (SQL and drizzle's journal): it names the migrated copies. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder).sort()) {
      const file = path.join(folder, entry);
      if (statSync(file).isDirectory()) walk(file);
      else hash.update(entry).update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

let pgliteSnapshot: Promise<Buffer> | undefined;

/** The migrated PGlite data directory as a tarball, made by the first test process that needs it. */
function migratedPgliteSnapshot(): Promise<Buffer> {
  pgliteSnapshot ??= (async () => {
    const file = path.join(tmpdir(), `fairex-test-pglite-${migrationsHash()}.tar`);
    if (existsSync(file)) return readFileSync(file);
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const tarball = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    await handle.close();
    // Several test processes may race here: each writes its own file and renames it into place.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, tarball);
    renameSync(partial, file);
    return tarball;
  })();
  return pgliteSnapshot;
}

const pgliteDatabase: TestDatabase = {
  name: 'pglite',
  async open() {
    return connectDatabase({ kind: 'pglite', snapshot: new Blob([await migratedPgliteSnapshot()]) });
  },
};

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, databaseName: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

let postgresTemplate: Promise<string> | undefined;

/**
 * The migrated template database for this set of migrations, made once on this server under an
 * advisory lock (test processes start together); templates of older migrations are dropped.
 */
function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const templateName = `fairex_template_${migrationsHash()}`;
    await withAdmin(adminUrl, async (admin) => {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['fairex_test_template']);
      try {
        const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [templateName]);
        if (found.rowCount) return;
        const stale = await admin.query<{ datname: string }>(
          "SELECT datname FROM pg_database WHERE datname LIKE 'fairex\\_template\\_%'",
        );
        for (const { datname } of stale.rows)
          await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
        const building = `${templateName}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, building) });
        await handle.close();
        // Renamed only once migrated, so a template that exists is always complete.
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${templateName}`);
      } finally {
        await admin.query('SELECT pg_advisory_unlock(hashtext($1))', ['fairex_test_template']);
      }
    });
    return templateName;
  })();
  return postgresTemplate;
}

/** A fresh copy of the migrated template per call, dropped again on close. */
function postgresDatabase(adminUrl: string): TestDatabase {
  return {
    name: 'postgres',
    async open() {
      const templateName = await migratedPostgresTemplate(adminUrl);
      const databaseName = `fairex_test_${randomBytes(6).toString('hex')}`;
      await withAdmin(adminUrl, (admin) =>
        admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${templateName}`),
      );
      const handle = connectDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, databaseName) });
      return {
        ...handle,
        async close() {
          await handle.close();
          await withAdmin(adminUrl, (admin) =>
            admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`),
          );
        },
      };
    },
  };
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it when the server answers). */
export function testDatabases(): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pgliteDatabase, postgresDatabase(url)] : [pgliteDatabase];
}
