import { describe, expect, it } from 'vitest';
import { configuredDatabase, describeDatabase } from './database';

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
