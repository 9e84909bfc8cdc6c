import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database';
import { testDatabases } from '../../test-support/test-databases';
import {
  consumeNonce,
  expiredNoncePruneBatch,
  insertNonce,
  pruneExpiredNonces,
} from './wallet-auth.repository';
import { siweNonces as siweNonceTable } from './wallet-auth.schema';

const minute = 60_000;
const issuedAt = new Date('2026-11-05T10:00:00Z');
const at = (minutes: number) => new Date(issuedAt.getTime() + minutes * minute);

describe.each(testDatabases())('nonce storage on $name', (testDatabase) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await testDatabase.open();
  });
  afterAll(async () => {
    await database.close();
  });

  async function issue(nonce: string) {
    await insertNonce(database.db, { nonce, issuedAt, expiresAt: at(10) });
  }

  it('consumes an issued nonce once, and never one it did not issue', async () => {
    await issue('once0000000000000000000000000001');
    expect(await consumeNonce(database.db, { nonce: 'never000000000000000000000000001', now: at(1) })).toBe(
      false,
    );
    expect(await consumeNonce(database.db, { nonce: 'once0000000000000000000000000001', now: at(1) })).toBe(
      true,
    );
    expect(await consumeNonce(database.db, { nonce: 'once0000000000000000000000000001', now: at(2) })).toBe(
      false,
    );
  });

  it('refuses an expired nonce, to the millisecond', async () => {
    await issue('late0000000000000000000000000001');
    await issue('late0000000000000000000000000002');
    expect(await consumeNonce(database.db, { nonce: 'late0000000000000000000000000001', now: at(10) })).toBe(
      false,
    );
    expect(
      await consumeNonce(database.db, {
        nonce: 'late0000000000000000000000000002',
        now: new Date(at(10).getTime() - 1),
      }),
    ).toBe(true);
  });

  it('lets exactly one of many simultaneous attempts consume a nonce', async () => {
    for (let round = 0; round < 5; round += 1) {
      const nonce = `race${round}`.padEnd(32, '0');
      await issue(nonce);
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, () => consumeNonce(database.db, { nonce, now: at(1) })),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(1);
    }
  });

  it('prunes expired nonces a bounded batch at a time, and keeps live ones', async () => {
    const rows = () => database.db.select({ nonce: siweNonceTable.nonce }).from(siweNonceTable);
    const before = (await rows()).length;
    for (let index = 0; index < expiredNoncePruneBatch + 5; index += 1) {
      await insertNonce(database.db, {
        nonce: `old${index.toString().padStart(4, '0')}`.padEnd(32, 'x'),
        issuedAt: at(-30),
        expiresAt: at(-20),
      });
    }
    await issue('live0000000000000000000000000001');
    await pruneExpiredNonces(database.db, at(0));
    expect((await rows()).length).toBe(before + 6);
    await pruneExpiredNonces(database.db, at(0));
    const left = (await rows()).map((row) => row.nonce);
    expect(left).toContain('live0000000000000000000000000001');
    expect(left.filter((nonce) => nonce.startsWith('old'))).toEqual([]);
  });
});
