/**
 * Pure rules of the double-entry ledger: account references, balanced entries, and the plan of
 * one batch (per-account deltas and each posting's running balance). No I/O here; the service
 * reads the locked balances, asks `planBatch`, and writes what it returns.
 */
import {
  type EntryKind,
  invariant,
  type PoolAccountName,
  type SystemAccountName,
  type UserAccountKind,
} from '@fairex/domain';

export {
  accountKindName,
  type EntryKind,
  entryKinds,
  type PoolAccountName,
  type SystemAccountName,
  type UserAccountKind,
  userAccountKinds,
} from '@fairex/domain';

export type UserAccountRef = {
  readonly userId: number;
  readonly currencyId: number;
  readonly kind: UserAccountKind;
};
export type SystemAccountRef = { readonly system: SystemAccountName; readonly currencyId: number };
/** A product's pool or reserve: holds on it reserve what open business could cost it. */
export type PoolAccountRef = { readonly system: PoolAccountName; readonly currencyId: number };
export type AccountRef = UserAccountRef | SystemAccountRef;

export function accountRefKey(ref: AccountRef): string {
  return 'system' in ref
    ? `s:${ref.system}:${ref.currencyId}`
    : `u:${ref.userId}:${ref.currencyId}:${ref.kind}`;
}

/** Millionths: pool caps are parts per million of the pool's balance. */
const ppm = 1_000_000n;

/** One leg: a signed amount in smallest units; positive credits the account, negative debits it. */
export type Leg = { readonly account: AccountRef; readonly amount: bigint };

export type EntrySpec = {
  readonly kind: EntryKind;
  /** Whose bill shows the entry (null for system-only entries). */
  readonly userId: number | null;
  /** Names the business event; unique, so the event is booked at most once. */
  readonly reference?: string;
  readonly idempotencyKey?: string;
  readonly tickId?: bigint;
  readonly memo?: Record<string, string | number | null>;
  readonly legs: readonly Leg[];
};

/**
 * Operations of one batch, applied in order within one transaction.
 * - transfer: a balanced entry.
 * - hold: set `amount` aside on a user account (fails on insufficient available balance), or
 *   reserve it on a pool (fails when the pool's holds would pass `capPpm` millionths of its
 *   balance: `pool_exhausted`).
 * - post_hold: book an entry paid from a hold; the entry's legs must debit the hold's account by
 *   exactly `amount`; `close` releases whatever remains and closes the hold.
 * - release: give back what remains of a hold and close it.
 */
export type LedgerOp =
  | { readonly type: 'transfer'; readonly entry: EntrySpec }
  | {
      readonly type: 'hold';
      readonly account: UserAccountRef | PoolAccountRef;
      readonly amount: bigint;
      /** Pools only: holds may reach at most this many millionths of the balance (1_000_000 = all). */
      readonly capPpm?: bigint;
      readonly reason: string;
      readonly reference: string;
      /**
       * An unfunded optional hold is left out (its hold id comes back null) instead of refusing
       * the batch: a batch of orders places the funded ones and refuses only the others.
       */
      readonly optional?: boolean;
    }
  | {
      readonly type: 'post_hold';
      readonly holdId: bigint;
      readonly amount: bigint;
      readonly close: boolean;
      readonly entry: EntrySpec;
    }
  | { readonly type: 'release'; readonly holdId: bigint };

export type LedgerRefusal =
  | 'insufficient_balance'
  | 'hold_not_pending'
  | 'hold_exceeded'
  | 'unbalanced_entry'
  | 'invalid_amount'
  | 'currency_mismatch'
  | 'duplicate_event'
  | 'pool_exhausted';

/** A refusal the caller may translate for the user (insufficient balance) or treat as a bug. */
export class LedgerRefused extends Error {
  constructor(readonly reason: LedgerRefusal) {
    super(`ledger refused: ${reason}`);
    this.name = 'LedgerRefused';
  }
}

/** Checks one entry on its own: non-zero legs, one currency per account, balanced per currency. */
export function checkEntry(entry: EntrySpec): LedgerRefusal | null {
  if (entry.legs.length < 2) return 'unbalanced_entry';
  const sums = new Map<number, bigint>();
  for (const leg of entry.legs) {
    if (leg.amount === 0n) return 'invalid_amount';
    sums.set(leg.account.currencyId, (sums.get(leg.account.currencyId) ?? 0n) + leg.amount);
  }
  for (const sum of sums.values()) if (sum !== 0n) return 'unbalanced_entry';
  return null;
}

export type AccountState = {
  readonly id: bigint;
  readonly currencyId: number;
  /** True for user accounts and pools: they may never go below zero or below what is held. */
  readonly guarded: boolean;
  readonly balance: bigint;
  readonly held: bigint;
};

export type HoldState = {
  readonly id: bigint;
  readonly accountId: bigint;
  readonly remaining: bigint;
  readonly state: 'pending' | 'posted' | 'released';
  /** Posted parts so far decide how a closed hold is named. */
  readonly posted: boolean;
};

export type PlannedPosting = {
  readonly opIndex: number;
  readonly accountId: bigint;
  readonly currencyId: number;
  readonly amount: bigint;
  readonly balanceAfter: bigint;
};

export type PlannedHoldChange = {
  readonly holdId: bigint;
  readonly remaining: bigint;
  readonly state: 'pending' | 'posted' | 'released';
};

export type PlannedHold = { readonly opIndex: number; readonly accountId: bigint; readonly amount: bigint };

export type BatchPlan = {
  readonly accounts: ReadonlyMap<bigint, { balance: bigint; held: bigint }>;
  readonly postings: readonly PlannedPosting[];
  readonly newHolds: readonly PlannedHold[];
  readonly holdChanges: readonly PlannedHoldChange[];
};

/**
 * Applies the batch to the locked account states in order and returns the final balances, the
 * postings with their running balances and the hold changes, or throws LedgerRefused. A user
 * account must end every operation with 0 <= held <= balance.
 */
export function planBatch(params: {
  readonly ops: readonly LedgerOp[];
  readonly accountIdOf: (ref: AccountRef) => bigint;
  readonly accounts: ReadonlyMap<bigint, AccountState>;
  readonly holds: ReadonlyMap<bigint, HoldState>;
}): BatchPlan {
  const balances = new Map<bigint, { balance: bigint; held: bigint }>();
  const accountOf = (id: bigint) => {
    const state = params.accounts.get(id);
    invariant(state, `account ${id} was not locked`);
    return state;
  };
  const current = (id: bigint) => {
    let entry = balances.get(id);
    if (!entry) {
      const state = accountOf(id);
      entry = { balance: state.balance, held: state.held };
      balances.set(id, entry);
    }
    return entry;
  };
  const checkAccount = (id: bigint) => {
    const state = accountOf(id);
    const now = current(id);
    if (now.held < 0n) throw new LedgerRefused('hold_exceeded');
    if (state.guarded && now.balance < now.held) throw new LedgerRefused('insufficient_balance');
  };
  const holds = new Map<bigint, HoldState>(params.holds);
  const postings: PlannedPosting[] = [];
  const newHolds: PlannedHold[] = [];
  const changed = new Set<bigint>();

  const book = (opIndex: number, entry: EntrySpec) => {
    const refusal = checkEntry(entry);
    if (refusal) throw new LedgerRefused(refusal);
    for (const leg of entry.legs) {
      const id = params.accountIdOf(leg.account);
      if (accountOf(id).currencyId !== leg.account.currencyId) throw new LedgerRefused('currency_mismatch');
      const now = current(id);
      now.balance += leg.amount;
      postings.push({
        opIndex,
        accountId: id,
        currencyId: leg.account.currencyId,
        amount: leg.amount,
        balanceAfter: now.balance,
      });
    }
    for (const leg of entry.legs) checkAccount(params.accountIdOf(leg.account));
  };

  params.ops.forEach((op, opIndex) => {
    switch (op.type) {
      case 'transfer':
        book(opIndex, op.entry);
        return;
      case 'hold': {
        if (op.amount <= 0n) throw new LedgerRefused('invalid_amount');
        const id = params.accountIdOf(op.account);
        const now = current(id);
        if (op.optional && accountOf(id).guarded && now.balance < now.held + op.amount) return;
        if ('system' in op.account) {
          invariant(op.capPpm !== undefined, `a reservation on ${op.account.system} names its cap`);
          invariant(op.capPpm > 0n && op.capPpm <= ppm, 'a pool cap is a share of its balance');
          if ((now.held + op.amount) * ppm > now.balance * op.capPpm)
            throw new LedgerRefused('pool_exhausted');
        }
        now.held += op.amount;
        checkAccount(id);
        newHolds.push({ opIndex, accountId: id, amount: op.amount });
        return;
      }
      case 'post_hold': {
        const hold = holds.get(op.holdId);
        invariant(hold, `hold ${op.holdId} was not locked`);
        if (hold.state !== 'pending') throw new LedgerRefused('hold_not_pending');
        if (op.amount <= 0n) throw new LedgerRefused('invalid_amount');
        if (op.amount > hold.remaining) throw new LedgerRefused('hold_exceeded');
        const debited = op.entry.legs
          .filter((leg) => params.accountIdOf(leg.account) === hold.accountId)
          .reduce((sum, leg) => sum + leg.amount, 0n);
        if (debited !== -op.amount) throw new LedgerRefused('unbalanced_entry');
        const rest = op.close ? hold.remaining - op.amount : 0n;
        current(hold.accountId).held -= op.amount + rest;
        book(opIndex, op.entry);
        const remaining = op.close ? 0n : hold.remaining - op.amount;
        holds.set(hold.id, {
          ...hold,
          remaining,
          posted: true,
          state: remaining === 0n ? 'posted' : 'pending',
        });
        changed.add(hold.id);
        return;
      }
      case 'release': {
        const hold = holds.get(op.holdId);
        invariant(hold, `hold ${op.holdId} was not locked`);
        if (hold.state !== 'pending') throw new LedgerRefused('hold_not_pending');
        current(hold.accountId).held -= hold.remaining;
        checkAccount(hold.accountId);
        holds.set(hold.id, { ...hold, remaining: 0n, state: hold.posted ? 'posted' : 'released' });
        changed.add(hold.id);
        return;
      }
      default:
        throw new Error(`unknown ledger operation ${JSON.stringify(op satisfies never)}`);
    }
  });

  const holdChanges = [...changed].map((id) => {
    const hold = holds.get(id);
    invariant(hold, 'changed hold exists');
    return { holdId: id, remaining: hold.remaining, state: hold.state };
  });
  return { accounts: balances, postings, newHolds, holdChanges };
}
