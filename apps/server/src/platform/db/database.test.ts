import net from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  configuredDatabase,
  connectionFailureReason,
  DatabaseUnreachableError,
  describeDatabase,
  openDatabase,
} from './database';

describe('the configured database', () => {
  it('is PostgreSQL when DATABASE_URL is set, named by its host only (no password in output)', () => {
    const target = configuredDatabase({
      databaseUrl: 'postgres://app:secret@db.internal:5433/fairex',
      dataDir: '/d',
    });
    expect(target).toEqual({ kind: 'postgres', url: 'postgres://app:secret@db.internal:5433/fairex' });
    expect(describeDatabase(target)).toBe('db.internal:5433');
  });

  it('is PGlite in DATA_DIR otherwise', () => {
    const target = configuredDatabase({ databaseUrl: undefined, dataDir: '/srv/fairex/data' });
    expect(target).toEqual({ kind: 'pglite', dataDir: '/srv/fairex/data' });
    expect(describeDatabase(target)).toBe('PGlite in /srv/fairex/data');
  });
});

describe('an unreachable database at start', () => {
  it('fails with one line naming the database and the reason, no stack', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const error = await openDatabase({
      kind: 'postgres',
      url: `postgres://app:secret@127.0.0.1:${closed}/x`,
    }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    const message = (error as Error).message;
    expect(message).toMatch(
      new RegExp(`^Cannot reach the PostgreSQL database at 127\\.0\\.0\\.1:${closed} .*ECONNREFUSED`),
    );
    expect(message).not.toContain('\n');
    expect(message).not.toContain('secret');
  });

  it('says why even when the connect failed on several addresses at once', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    const refused4 = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(connectionFailureReason(new AggregateError([refused, refused4], ''))).toBe(
      'connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432',
    );
    expect(connectionFailureReason(new Error('line one\n  at stack'))).toBe('line one');
  });
});
