/**
 * Instruments staff change (role admin): list, add, display fields, pause and resume. The row
 * change and its audit entry commit together; then the market service re-reads the instruments
 * and tells its listeners (spot opens the pair of a new spot instrument), so public lists,
 * quotes and order checks see the change at once. Prices, ticks and fills are never written here.
 */
import type { AdminInstrument, AdminInstrumentCreateBody, Instrument } from '@fairex/contract';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { type AuditActor, recordAudit } from '../audit';
import {
  findInstrumentRow,
  insertInstrumentRow,
  instrumentGridFits,
  instrumentSymbolTaken,
  listInstrumentRows,
  priceDecimalsFit,
  setInstrumentStatus,
  updateInstrumentDisplay,
} from './market.admin';
import { marketError } from './market.errors';
import type { InstrumentRow } from './market.repository';
import type { MarketService } from './market.service';

export type InstrumentCommandsDeps = {
  readonly db: Database;
  readonly clock: Clock;
  readonly market: MarketService;
};

const annualVolatilityDefault = '0.5';

/** The admin view: the public instrument with its list position. */
function adminInstrumentView(instrument: Instrument, row: InstrumentRow): AdminInstrument {
  return { ...instrument, sort_order: row.sortOrder };
}

/** What the audit keeps of an instrument (no simulated-walk internals). */
function snapshot(row: InstrumentRow) {
  return {
    symbol: row.symbol,
    kind: row.kind,
    base: row.base,
    quote: row.quote,
    tick_size: row.tickSize,
    lot_size: row.lotSize,
    price_decimals: row.priceDecimals,
    status: row.status,
    trading_hours: row.tradingHours,
    sort_order: row.sortOrder,
  };
}

type InstrumentCreate = Omit<AdminInstrumentCreateBody, 'price_decimals' | 'sort_order'> & {
  readonly price_decimals: number;
  readonly sort_order?: number | undefined;
};

export type InstrumentDisplayRequest = {
  readonly id: number;
  readonly price_decimals?: number | undefined;
  readonly trading_hours?: string | null | undefined;
  readonly sort_order?: number | undefined;
};

export type InstrumentCommands = ReturnType<typeof createInstrumentCommands>;

export function createInstrumentCommands(deps: InstrumentCommandsDeps) {
  const { db, clock } = deps;

  async function viewOf(id: number): Promise<AdminInstrument> {
    const row = await findInstrumentRow(db, id);
    const instrument = deps.market.instruments().find((candidate) => candidate.id === id);
    if (!row || !instrument) throw marketError('instrument_id_unknown');
    return adminInstrumentView(instrument, row);
  }

  /** One instrument change and its audit entry in one transaction, then the market re-reads. */
  async function change(
    actor: AuditActor,
    id: number,
    action: 'instrument.update' | 'instrument.pause' | 'instrument.resume',
    write: (tx: Database, before: InstrumentRow) => Promise<InstrumentRow | null>,
  ): Promise<AdminInstrument> {
    const at = clock.now();
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const before = await findInstrumentRow(tx, id);
      if (!before) throw marketError('instrument_id_unknown');
      const after = await write(tx, before);
      if (!after) throw marketError('instrument_id_unknown');
      await recordAudit(tx, {
        actor,
        action,
        target: { type: 'instrument', id },
        before: snapshot(before),
        after: snapshot(after),
        at,
      });
    });
    await deps.market.refreshInstruments({ changed: id });
    return viewOf(id);
  }

  return {
    async list(): Promise<AdminInstrument[]> {
      const rows = new Map((await listInstrumentRows(db)).map((row) => [row.id, row]));
      return deps.market.instruments().flatMap((instrument) => {
        const row = rows.get(instrument.id);
        return row ? [adminInstrumentView(instrument, row)] : [];
      });
    },

    async create(actor: AuditActor, body: InstrumentCreate): Promise<AdminInstrument> {
      const id = await db.transaction((transaction) =>
        this.createInTransaction(transaction as unknown as Database, actor, body),
      );
      await this.announce(id);
      return viewOf(id);
    },

    /**
     * The row and its audit entry inside the caller's transaction (an IEO listing commits them
     * with its own records); the caller calls `announce` after the commit. Returns the id.
     */
    async createInTransaction(
      tx: Database,
      actor: AuditActor,
      body: InstrumentCreate & { readonly feed?: 'simulated' | 'reference' | undefined },
    ): Promise<number> {
      const fits = instrumentGridFits({
        tickSize: body.tick_size,
        lotSize: body.lot_size,
        priceDecimals: body.price_decimals,
        referencePrice: body.reference_price,
      });
      if (!fits) throw marketError('instrument_rules_invalid');
      if (await instrumentSymbolTaken(tx, body.symbol)) throw marketError('instrument_symbol_taken');
      const row = await insertInstrumentRow(tx, {
        symbol: body.symbol,
        kind: body.kind,
        base: body.base,
        quote: body.quote,
        tickSize: body.tick_size,
        lotSize: body.lot_size,
        priceDecimals: body.price_decimals,
        tradingHours: body.trading_hours ?? null,
        referencePrice: body.reference_price,
        annualVolatility:
          body.feed === 'reference' ? '0' : (body.annual_volatility ?? annualVolatilityDefault),
        sortOrder: body.sort_order ?? 0,
        feed: body.feed,
      });
      await recordAudit(tx, {
        actor,
        action: 'instrument.create',
        target: { type: 'instrument', id: row.id },
        before: null,
        after: { ...snapshot(row), feed: row.feed, reference_price: row.referencePrice },
        at: clock.now(),
      });
      return row.id;
    },

    /**
     * After the commit: the market re-reads its instruments (a "reference" instrument gets its
     * reference recorded as its first tick) and spot opens the pair of a new spot instrument.
     * A restart does the same from the rows, so a crash between commit and this loses nothing.
     */
    async announce(id: number): Promise<void> {
      await deps.market.refreshInstruments({ created: id });
    },

    update(actor: AuditActor, request: InstrumentDisplayRequest): Promise<AdminInstrument> {
      return change(actor, request.id, 'instrument.update', async (tx, before) => {
        if (request.price_decimals !== undefined && !priceDecimalsFit(before, request.price_decimals))
          throw marketError('instrument_rules_invalid');
        return updateInstrumentDisplay(tx, request.id, {
          priceDecimals: request.price_decimals,
          tradingHours: request.trading_hours,
          sortOrder: request.sort_order,
        });
      });
    },

    pause: (actor: AuditActor, id: number) =>
      change(actor, id, 'instrument.pause', (tx) => setInstrumentStatus(tx, id, 'paused')),

    resume: (actor: AuditActor, id: number) =>
      change(actor, id, 'instrument.resume', (tx) => setInstrumentStatus(tx, id, 'trading')),
  };
}
