/**
 * The payout worker: sends approved withdrawals from the outbox through the PayoutGateway, in
 * bounded batches. A payout is claimed (leased) before it is sent and marked sent only while still
 * queued, so it is never sent twice once marked; a worker that dies mid-send leaves a lease that
 * expires, and the retry carries the same idempotency key to the gateway.
 */
import { fromScaledBigint } from '@fairex/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { listCurrencies } from '../ledger';
import { payoutAfterFailure } from './withdrawals.domain';
import type { PayoutGateway } from './withdrawals.payouts';
import { claimDuePayouts, markPayoutFailure, markPayoutSent } from './withdrawals.repository';

export const payoutBatchSize = 20;
/** How long a claimed payout stays with its worker before another may try it. */
export const payoutLeaseMs = 5 * 60_000;
export const payoutPollIntervalMs = 5_000;
const payoutErrorLengthMax = 500;

export type PayoutRunResult = { readonly sent: number; readonly failed: number };

/** One batch: claim the due payouts, send each, record the outcome. */
export async function sendDuePayouts(deps: {
  readonly db: Database;
  readonly clock: Clock;
  readonly gateway: PayoutGateway;
  readonly logger?: FastifyBaseLogger;
}): Promise<PayoutRunResult> {
  const { db, clock, gateway } = deps;
  const now = clock.now();
  const claimed = await claimDuePayouts(db, {
    now,
    leaseUntil: new Date(now.getTime() + payoutLeaseMs),
    limit: payoutBatchSize,
  });
  if (claimed.length === 0) return { sent: 0, failed: 0 };
  const currencies = new Map((await listCurrencies(db)).map((currency) => [currency.id, currency]));
  let sent = 0;
  let failed = 0;
  for (const { payoutId, attempts, withdrawal } of claimed) {
    const currency = currencies.get(withdrawal.currencyId);
    try {
      if (!currency) throw new Error(`currency ${withdrawal.currencyId} is gone`);
      const { externalRef } = await gateway.send({
        payoutId,
        withdrawalId: withdrawal.id,
        currency: currency.code,
        chain: withdrawal.chain,
        amount: fromScaledBigint(withdrawal.amount, currency.scale),
        destination: withdrawal.destination,
      });
      const marked = await markPayoutSent(db, { payoutId, externalRef, at: clock.now() });
      if (marked) sent += 1;
      else deps.logger?.error({ payoutId }, 'a payout was sent but was no longer queued');
    } catch (error) {
      failed += 1;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, payoutErrorLengthMax);
      const next = payoutAfterFailure({ attempts, now: clock.now() });
      await markPayoutFailure(db, { payoutId, error: message, next });
      const log = { payoutId, withdrawalId: withdrawal.id, attempts, err: error };
      if (next.status === 'failed') deps.logger?.error(log, 'payout failed for good: staff must look at it');
      else deps.logger?.warn(log, 'payout failed, will try again');
    }
  }
  return { sent, failed };
}

export type PayoutWorker = {
  /** Runs a batch soon (after an approval), without waiting for the next tick. */
  kick(): void;
  /** Runs batches until none is due, then resolves (tests, shutdown). */
  drain(): Promise<void>;
  start(): void;
  /** Stops the timer and waits for a batch in flight. */
  stop(): Promise<void>;
};

/** One worker per app: a timer plus kicks, never two batches of its own at once. */
export function createPayoutWorker(deps: {
  readonly db: Database;
  readonly clock: Clock;
  readonly gateway: PayoutGateway;
  readonly logger: FastifyBaseLogger;
  readonly intervalMs?: number;
}): PayoutWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function loop(): Promise<void> {
    do {
      again = false;
      try {
        const result = await sendDuePayouts(deps);
        // A full batch may have left more behind.
        if (result.sent + result.failed >= payoutBatchSize) again = true;
      } catch (error) {
        deps.logger.error({ err: error }, 'payout batch failed');
      }
    } while (again && !stopped);
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = loop().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    kick() {
      if (!stopped) void run();
    },
    async drain() {
      await run();
      while (running) await running;
    },
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void run(), deps.intervalMs ?? payoutPollIntervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (running) await running;
    },
  };
}
