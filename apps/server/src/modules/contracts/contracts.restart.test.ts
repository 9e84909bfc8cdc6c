/**
 * The trigger engine and the overnight fees across a restart (issue 17): positions open, the
 * server stops, the market records ticks that cross their triggers while it is down (several
 * crossing ticks each), and the next start settles each exactly once at the FIRST crossing tick;
 * a pending limit reached while down opens at that tick; each missed overnight day is charged
 * once; a third start settles nothing more.
 */
import {
  type ContractInstrument,
  type ContractPosition,
  type ContractReceipt,
  contractPositionSchema,
} from '@fairex/contract';
import { recomputeContractReceipt } from '@fairex/domain';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Composition } from '../../composition';
import { rowsOf } from '../../platform/db/rows';
import { expectLedgerClean, fundUser } from '../../test-support/money-test';
import { composeSecondProcess, startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { findOrCreateWalletUser, issueSession } from '../accounts';
import { userAccountKinds } from '../ledger';
import type { TicksListener } from '../market/feeds/market-feed';

// A Wednesday, 10:00 in New York.
const startIso = '2026-11-25T15:00:00.000Z';
const usdt = 3;

type Reply = { type: unknown; message: unknown };

describe.each(testDatabases())('contracts across a restart on $name', (testDatabase) => {
  let testApp: TestApp;
  const clock = steppingClock(startIso);
  let token = '';
  let userId = 0;
  let push: TicksListener | undefined;
  const processes: Composition[] = [];

  async function call(method: 'GET' | 'POST', path: string, body: Record<string, unknown>) {
    const response = await testApp.app.inject({
      method,
      url:
        method === 'GET'
          ? `/api${path}?${new URLSearchParams({ lang: 'en', ...body } as Record<string, string>)}`
          : `/api${path}`,
      ...(method === 'POST' ? { payload: { lang: 'en', ...body } } : {}),
      headers: { authorization: token },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Reply;
  }
  const ok = (reply: Reply) => {
    expect(reply.type, JSON.stringify(reply.message)).toBe('ok');
    return reply.message;
  };
  const receipts = async (id: string) =>
    ok(await call('GET', '/lever/receipts', { id })) as ContractReceipt[];
  const position = async (id: string) => {
    for (const status of [1, 2, 3]) {
      const list = (ok(await call('POST', '/lever/my_trade', { status })) as { list: ContractPosition[] })
        .list;
      const found = list.find((entry) => entry.id === id);
      if (found) return found;
    }
    throw new Error(`no position ${id}`);
  };
  async function instrument(symbol: string): Promise<ContractInstrument> {
    const list = ok(await call('GET', '/lever/instruments', {})) as ContractInstrument[];
    const found = list.find((entry) => entry.symbol === symbol);
    if (!found) throw new Error(`no ${symbol}`);
    return found;
  }
  /** A decimal on the instrument's tick grid. */
  function onGrid(symbol: string, value: number): string {
    const tickSize = testApp.services.market.instrumentBySymbol(symbol)?.tick_size ?? '0.01';
    const decimals = tickSize.split('.')[1]?.length ?? 0;
    return (Math.round(value / Number(tickSize)) * Number(tickSize)).toFixed(decimals);
  }
  /** Records one tick through the market module (its own feed); returns the tick id. */
  async function record(instrumentId: number, price: string): Promise<string> {
    clock.advance(1000);
    await push?.([{ instrumentId, price, volume: '0', source: 'simulated', time: clock.now().getTime() }]);
    const last = testApp.services.market.lastTick(instrumentId);
    expect(last?.price).toBe(price);
    return last?.id ?? '';
  }
  const contractsOf = (modules: Composition['modules']) => {
    const module = modules.find((entry) => entry.name === 'contracts');
    if (!module?.close) throw new Error('no contracts module');
    return module as { close: () => Promise<void> };
  };
  async function startProcess(): Promise<Composition> {
    // composeModules runs every module's init: the contracts engine rebuilds its triggers and
    // evaluates the ticks recorded since its cursor before it returns.
    const next = await composeSecondProcess(testApp, clock);
    processes.push(next);
    return next;
  }
  async function counts() {
    const [row] = await rowsOf<{ settlements: number; entries: number; opened: number }>(
      testApp.database.db,
      sql`select (select count(*) from contract_settlements)::int as settlements,
                 (select count(*) from ledger_entries)::int as entries,
                 (select count(*) from contract_positions where status = 'open')::int as opened`,
    );
    return row;
  }

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { clock });
    testApp.services.market.attachFeed({
      subscribe: (listener) => {
        push = listener;
        return () => undefined;
      },
      start: () => undefined,
      stop: () => undefined,
    });
    await testApp.services.market.step(clock.now());
    const address = privateKeyToAccount(generatePrivateKey()).address;
    ({ userId } = await findOrCreateWalletUser(testApp.database.db, { address, clock }));
    token = await issueSession(testApp.database.db, {
      userId,
      stayLoggedIn: false,
      clock,
      clientAddress: '',
    });
    await fundUser(testApp.database, {
      userId,
      currencyId: usdt,
      units: 10_000_000_000n,
      kind: userAccountKinds.lever,
    });
  });
  afterAll(async () => {
    for (const process of processes) await contractsOf(process.modules).close();
    await testApp?.close();
  });

  let btc: ContractInstrument;
  let eth: ContractInstrument;
  let r = 0;
  const opened: Record<'stop' | 'take' | 'liquidate' | 'limit' | 'ethLimit' | 'overnight', ContractPosition> =
    {} as never;

  it('opens a stop-loss, a take-profit, a position near liquidation and pending limits, then stops', async () => {
    btc = await instrument('BTC-PERP');
    eth = await instrument('ETH-PERP');
    r = Number(btc.reference?.price);
    const spread = Number(btc.spread);
    const submit = async (body: Record<string, unknown>) =>
      contractPositionSchema.parse(
        ok(
          await call('POST', '/lever/submit', {
            currency_id: btc.currency_id,
            legal_id: usdt,
            share: '1',
            ...body,
          }),
        ),
      );
    opened.stop = await submit({
      multiple: 10,
      type: 1,
      status: 0,
      stop_loss_price: onGrid('BTC-PERP', r * 0.98),
    });
    opened.take = await submit({
      multiple: 10,
      type: 1,
      status: 0,
      target_profit_price: onGrid('BTC-PERP', r * 1.02),
    });
    opened.liquidate = await submit({ multiple: 100, type: 2, status: 0 });
    opened.limit = await submit({
      multiple: 1,
      type: 1,
      status: 1,
      target_price: onGrid('BTC-PERP', r * 0.975),
    });
    opened.overnight = await submit({ multiple: 1, type: 2, status: 0 });
    // On ETH only a pending limit: nothing has been evaluated there yet (no cursor of its own).
    const ethRef = Number(eth.reference?.price);
    opened.ethLimit = contractPositionSchema.parse(
      ok(
        await call('POST', '/lever/submit', {
          currency_id: eth.currency_id,
          legal_id: usdt,
          share: '1',
          multiple: 1,
          type: 1,
          status: 1,
          target_price: onGrid('ETH-PERP', ethRef * 0.97),
        }),
      ),
    );
    expect(opened.limit.status).toBe('pending');
    expect(Number(opened.liquidate.liquidation_price)).toBeLessThan(r * 1.01 - spread);
    expect(Number(opened.liquidate.liquidation_price)).toBeGreaterThan(r);
    // The server stops: its engine evaluates nothing more.
    await contractsOf(testApp.modules).close();
  });

  const crossing: Record<string, string> = {};

  it('settles each trigger reached while it was down exactly once, at the first crossing tick', async () => {
    const id = btc.currency_id;
    const at = (factor: number) => onGrid('BTC-PERP', r * factor);
    await record(id, at(1.0));
    crossing.stop = await record(id, at(0.97)); // stop-loss and the limit
    crossing.limit = crossing.stop;
    await record(id, at(0.96)); // both again
    crossing.liquidate = await record(id, at(1.01)); // the 100x short's liquidation
    await record(id, at(1.012)); // again
    crossing.take = await record(id, at(1.03)); // the take-profit
    await record(id, at(1.035)); // again
    crossing.ethLimit = await record(
      eth.currency_id,
      onGrid('ETH-PERP', Number(eth.reference?.price) * 0.96),
    );
    await record(eth.currency_id, onGrid('ETH-PERP', Number(eth.reference?.price) * 0.95));
    // Nothing settled while it was down.
    expect((await position(opened.stop.id)).status).toBe('open');
    expect((await position(opened.limit.id)).status).toBe('pending');

    await startProcess();
    const expected = { stop: 'stop_loss', take: 'take_profit', liquidate: 'liquidation' } as const;
    for (const [name, reason] of Object.entries(expected) as [keyof typeof expected, string][]) {
      const closes = (await receipts(opened[name].id)).filter((receipt) => receipt.kind !== 'overnight');
      expect(
        closes.map((receipt) => [receipt.kind, receipt.tick_id]),
        name,
      ).toEqual([[reason, crossing[name]]]);
      const [receipt] = closes;
      expect(recomputeContractReceipt(receipt?.kind ?? '', receipt?.inputs ?? {})).toEqual(receipt?.outcome);
      expect((await position(opened[name].id)).status).toBe('closed');
    }
    for (const name of ['limit', 'ethLimit'] as const) {
      const filled = await position(opened[name].id);
      expect(filled.status, name).toBe('open');
      expect(filled.open_tick_id, name).toBe(crossing[name]);
      expect(filled.open_price).toBe(filled.target_price);
    }
    expect((await position(opened.overnight.id)).status).toBe('open');
    await expectLedgerClean(testApp.database);

    // A third start (after a second stop) settles nothing more.
    const before = await counts();
    await contractsOf((processes.at(-1) as Composition).modules).close();
    await startProcess();
    expect(await counts()).toEqual(before);
    await expectLedgerClean(testApp.database);
  });

  it('charges each overnight day missed while down once, and a later start charges none again', async () => {
    await contractsOf((processes.at(-1) as Composition).modules).close();
    // Down from Wednesday afternoon to Saturday 01:00 UTC: the 26th, 27th and 28th were due.
    clock.set('2026-11-28T01:00:00.000Z');
    token = await issueSession(testApp.database.db, {
      userId,
      stayLoggedIn: false,
      clock,
      clientAddress: '',
    });
    const restarted = await startProcess();
    while ((await restarted.services.scheduler.runDue()) > 0) {
      // every due day, in order; each schedules the next
    }
    for (const name of ['overnight', 'limit', 'ethLimit'] as const) {
      const days = (await receipts(opened[name].id)).filter((receipt) => receipt.kind === 'overnight');
      expect(
        days.map((receipt) => receipt.day),
        name,
      ).toEqual(['2026-11-26', '2026-11-27', '2026-11-28']);
      for (const receipt of days) {
        expect(recomputeContractReceipt('overnight', receipt.inputs)).toEqual(receipt.outcome);
      }
      const fees = days.reduce((sum, receipt) => sum + Number(receipt.outcome.fee), 0);
      expect(Number((await position(opened[name].id)).overnight_fee)).toBeCloseTo(fees, 6);
    }
    // Closed before the first day: never charged.
    expect((await receipts(opened.stop.id)).filter((receipt) => receipt.kind === 'overnight')).toEqual([]);
    await expectLedgerClean(testApp.database);

    const before = await counts();
    await contractsOf(restarted.modules).close();
    const third = await startProcess();
    expect(await third.services.scheduler.runDue()).toBe(0);
    expect(await counts()).toEqual(before);
    await expectLedgerClean(testApp.database);
  });
});
