/**
 * The recorded price history is hash-chained per instrument (issue 18): each tick stores
 * sha256(previous tick's hash | its own fields), so rewriting, removing or reordering any tick
 * changes every hash after it. The server publishes each chain's head; anyone who kept an earlier
 * head can tell a later rewrite. Ticks recorded before the chain existed carry no hash.
 */
import { createHash } from 'node:crypto';
import { normalizeDecimal } from '@fairex/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';

/** The first hashed tick of an instrument links to this. */
export const tickChainGenesis = 'genesis';

export type ChainedTickFields = {
  readonly instrumentId: number;
  readonly price: string;
  readonly volume: string;
  readonly source: string;
  /** Unix milliseconds. */
  readonly time: number;
};

const canonical = (text: string) => {
  const normalized = normalizeDecimal(text);
  if (!normalized.ok) throw new Error(`not a decimal: ${text}`);
  return normalized.value;
};

export function tickHash(previous: string | null, tick: ChainedTickFields): string {
  const text = [
    previous ?? tickChainGenesis,
    tick.instrumentId,
    canonical(tick.price),
    canonical(tick.volume),
    tick.source,
    tick.time,
  ].join('|');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export type TickChainResult =
  | { readonly ok: true; readonly verified: number; readonly heads: ReadonlyMap<number, string> }
  | {
      readonly ok: false;
      readonly verified: number;
      readonly broken: { readonly id: string; readonly instrumentId: number; readonly reason: string };
    };

const pageRows = 10_000;

/** Walks every instrument's chain in id order; names the first tick whose hash does not verify. */
export async function verifyTickChains(db: Database): Promise<TickChainResult> {
  const heads = new Map<number, string>();
  let verified = 0;
  let after = '0';
  for (;;) {
    const rows = await rowsOf<{
      id: string;
      instrument_id: number;
      price: string;
      volume: string;
      source: string;
      recorded_at: Date | string;
      hash: string | null;
    }>(
      db,
      sql`select id::text, instrument_id, price::text, volume::text, source, recorded_at, hash
          from price_ticks where id > ${after}::bigint order by price_ticks.id limit ${pageRows}`,
    );
    for (const row of rows) {
      const previous = heads.get(row.instrument_id) ?? null;
      if (row.hash === null) {
        if (previous !== null) {
          return {
            ok: false,
            verified,
            broken: {
              id: row.id,
              instrumentId: row.instrument_id,
              reason: 'hash missing after the chain began',
            },
          };
        }
        continue;
      }
      const expected = tickHash(previous, {
        instrumentId: row.instrument_id,
        price: row.price,
        volume: row.volume,
        source: row.source,
        time: new Date(row.recorded_at).getTime(),
      });
      if (expected !== row.hash) {
        return {
          ok: false,
          verified,
          broken: {
            id: row.id,
            instrumentId: row.instrument_id,
            reason: 'hash does not match its fields and link',
          },
        };
      }
      heads.set(row.instrument_id, row.hash);
      verified += 1;
    }
    const last = rows.at(-1);
    if (!last || rows.length < pageRows) return { ok: true, verified, heads };
    after = last.id;
  }
}
