/**
 * Demo mode's test money, always paid by the `demo_faucet` system account (never from nothing):
 * the "Get test funds" claim (once per user and UTC day) and the demo user seeded at start.
 */
import type { DemoFundsReply } from '@fairex/contract';
import { fromScaledBigint, invariant } from '@fairex/domain';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { ensureDemoUser } from '../accounts';
import {
  type Currency,
  type Ledger,
  type LedgerOp,
  LedgerRefused,
  listCurrencies,
  type UserAccountKind,
  userAccountKinds,
  userFacingLedgerError,
} from '../ledger';
import { demoFundsReference, nextUtcDay } from './wallet.domain';
import { walletError } from './wallet.errors';

/** What one claim gives, to the spot account: 10,000 USDT, 0.5 BTC, 5 ETH (smallest units). */
export const demoFundsGrant: readonly { readonly code: string; readonly units: bigint }[] = [
  { code: 'USDT', units: 10_000_000_000n },
  { code: 'BTC', units: 50_000_000n },
  { code: 'ETH', units: 500_000_000n },
];

/** The demo user shown on the login page and in the README (demo mode only). */
export const demoUser = { email: 'demo@fairex.test', password: 'fairex-demo' } as const;

/** The demo user's starting money, per account kind, so every Assets tab has something to show. */
const demoUserHoldings: readonly { code: string; units: bigint; kind: UserAccountKind }[] = [
  ...demoFundsGrant.map((grant) => ({ ...grant, kind: userAccountKinds.change })),
  { code: 'USDT', units: 1_000_000_000n, kind: userAccountKinds.legal },
  { code: 'USDT', units: 2_000_000_000n, kind: userAccountKinds.lever },
  { code: 'USDT', units: 500_000_000n, kind: userAccountKinds.micro },
];

function faucetEntry(params: {
  userId: number;
  reference: string;
  idempotencyKey?: string;
  holdings: readonly { currency: Currency; units: bigint; kind: UserAccountKind }[];
}): LedgerOp {
  return {
    type: 'transfer',
    entry: {
      kind: 'demo_funds',
      userId: params.userId,
      reference: params.reference,
      ...(params.idempotencyKey === undefined ? {} : { idempotencyKey: params.idempotencyKey }),
      memo: { source: 'demo_faucet' },
      legs: params.holdings.flatMap(({ currency, units, kind }) => [
        { account: { system: 'demo_faucet' as const, currencyId: currency.id }, amount: -units },
        { account: { userId: params.userId, currencyId: currency.id, kind }, amount: units },
      ]),
    },
  };
}

function withCurrencies<T extends { code: string }>(
  list: readonly Currency[],
  items: readonly T[],
): (T & { currency: Currency })[] {
  return items.flatMap((item) => {
    const currency = list.find((candidate) => candidate.code === item.code);
    return currency ? [{ ...item, currency }] : [];
  });
}

/** POST /wallet/demo_funds: books the grant once per user and UTC day. */
export async function claimDemoFunds(
  deps: { db: Database; clock: Clock; ledger: Ledger },
  params: { userId: number; idempotencyKey: string | undefined },
): Promise<DemoFundsReply> {
  const now = deps.clock.now();
  const grant = withCurrencies(await listCurrencies(deps.db), demoFundsGrant);
  invariant(grant.length > 0, 'the demo currencies are seeded');
  try {
    const result = await deps.db.transaction((tx) =>
      deps.ledger.apply(
        tx as unknown as Database,
        [
          faucetEntry({
            userId: params.userId,
            reference: demoFundsReference(params.userId, now),
            ...(params.idempotencyKey === undefined ? {} : { idempotencyKey: params.idempotencyKey }),
            holdings: grant.map((item) => ({ ...item, kind: userAccountKinds.change })),
          }),
        ],
        now,
      ),
    );
    const entryId = result.entryIds[0];
    invariant(entryId !== null && entryId !== undefined, 'the claim books one entry');
    return {
      entry_id: String(entryId),
      credited: grant.map(({ currency, units }) => ({
        currency_id: currency.id,
        currency: currency.code,
        amount: fromScaledBigint(units, currency.scale),
      })),
      type: 'change',
      next_at: nextUtcDay(now).getTime(),
    };
  } catch (error) {
    if (error instanceof LedgerRefused && error.reason === 'duplicate_event') {
      throw walletError('demo_funds_claimed');
    }
    throw userFacingLedgerError(error);
  }
}

/**
 * Creates the demo user (once) and pays its starting money from the demo faucet (once: the
 * entry's reference names the user). Safe to run on every start.
 */
export async function seedDemoUser(deps: { db: Database; clock: Clock; ledger: Ledger }): Promise<number> {
  const userId = await ensureDemoUser(deps.db, { ...demoUser, clock: deps.clock });
  const holdings = withCurrencies(await listCurrencies(deps.db), demoUserHoldings);
  try {
    await deps.db.transaction((tx) =>
      deps.ledger.apply(
        tx as unknown as Database,
        [faucetEntry({ userId, reference: `demo-user-funds:${userId}`, holdings })],
        deps.clock.now(),
      ),
    );
  } catch (error) {
    if (!(error instanceof LedgerRefused && error.reason === 'duplicate_event')) throw error;
  }
  return userId;
}
