import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../platform/db/database';

export type TestDatabase = { readonly name: 'pglite' | 'postgres'; open(): Promise<DatabaseHandle> };

const pgliteDatabase: TestDatabase = {
  name: 'pglite',
  open: () => openDatabase({ kind: 'pglite', dataDir: undefined }),
};

/** A fresh, migrated PostgreSQL database per call, dropped again on close. */
function postgresDatabase(adminUrl: string): TestDatabase {
  return {
    name: 'postgres',
    async open() {
      const databaseName = `fairex_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${databaseName}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${databaseName}`;
      const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
      return {
        ...handle,
        async close() {
          await handle.close();
          const dropper = new pg.Client({ connectionString: adminUrl });
          await dropper.connect();
          await dropper.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
          await dropper.end();
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
