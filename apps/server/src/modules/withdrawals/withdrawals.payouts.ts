/**
 * The PayoutGateway port: whatever actually moves the money of an approved withdrawal (a custody
 * service, a payment processor, an operator's own signer). The HTTP adapter talks to one over
 * JSON; the local stand-in (demo, tests, or no gateway configured) only records what it was asked.
 */

import { withDeadline } from '../../platform/http/deadline';
import type { PayoutDestination } from '../payout-methods';

export type PayoutOrder = {
  /** The outbox row: the gateway must pay each payoutId at most once (it is the idempotency key). */
  readonly payoutId: number;
  readonly withdrawalId: number;
  /** Currency code, e.g. "USDT". */
  readonly currency: string;
  readonly chain: string | null;
  /** What the user receives, decimal text at the currency's scale (the fee stays with us). */
  readonly amount: string;
  readonly destination: PayoutDestination;
};

export interface PayoutGateway {
  /** Pays the order, or throws; answers the gateway's reference for the payment. */
  send(payout: PayoutOrder): Promise<{ externalRef: string }>;
}

export const payoutRequestTimeoutMs = 15_000;
const externalRefLengthMax = 200;

export class PayoutGatewayError extends Error {}

/** The idempotency key the gateway sees for a payout: a retry after a crash pays nothing twice. */
export function payoutIdempotencyKey(payoutId: number): string {
  return `payout-${payoutId}`;
}

/**
 * An HTTP payout gateway: `POST <url>` with the order as JSON, `Authorization: Bearer <token>` and
 * `Idempotency-Key: payout-<id>`; a 2xx answer with JSON `{"reference": "..."}` means paid. Anything
 * else, a network error, or no answer within the timeout is a failure (tried again later with the
 * same key).
 */
export function createHttpPayoutGateway(options: {
  readonly url: string;
  readonly token: string | undefined;
  readonly timeoutMs?: number;
}): PayoutGateway {
  const timeoutMs = options.timeoutMs ?? payoutRequestTimeoutMs;
  return {
    async send(payout) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'idempotency-key': payoutIdempotencyKey(payout.payoutId),
      };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const { response, text } = await withDeadline(timeoutMs, async (signal) => {
        const response = await fetch(options.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            payout_id: payout.payoutId,
            withdrawal_id: payout.withdrawalId,
            currency: payout.currency,
            chain: payout.chain,
            amount: payout.amount,
            destination: payout.destination,
          }),
          signal,
        });
        return { response, text: await response.text().catch(() => '') };
      });
      if (!response.ok) throw new PayoutGatewayError(`payout gateway answered HTTP ${response.status}`);
      let reference: unknown;
      try {
        reference = (JSON.parse(text) as { reference?: unknown }).reference;
      } catch {
        throw new PayoutGatewayError('payout gateway answered something other than JSON');
      }
      if (
        typeof reference !== 'string' ||
        reference.length === 0 ||
        reference.length > externalRefLengthMax
      ) {
        throw new PayoutGatewayError('payout gateway answered without a reference');
      }
      return { externalRef: reference };
    },
  };
}

/** The orders the stand-in has been asked to pay, oldest first, at most this many kept. */
const standInRecordsMax = 1000;

export type PayoutStandIn = PayoutGateway & {
  /** Every call, in order (a call for the same payoutId twice would show twice). */
  readonly calls: readonly PayoutOrder[];
  /** Makes every send fail with this message until cleared with null (tests of retries). */
  failWith(message: string | null): void;
};

/**
 * The local stand-in: pays nothing, records each order and answers `local-<payoutId>`, like a
 * gateway that honours the idempotency key. For demo mode and tests, and the fallback when no
 * PAYOUT_GATEWAY_URL is configured (the server then warns at start).
 */
export function createPayoutStandIn(): PayoutStandIn {
  const calls: PayoutOrder[] = [];
  let failure: string | null = null;
  return {
    calls,
    failWith(message) {
      failure = message;
    },
    async send(payout) {
      if (failure !== null) throw new PayoutGatewayError(failure);
      calls.push(payout);
      if (calls.length > standInRecordsMax) calls.shift();
      return { externalRef: `local-${payout.payoutId}` };
    },
  };
}
