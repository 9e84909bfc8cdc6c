/**
 * The ledger: the only writer of balances (conventions rules 1 and 2). Other modules hand it
 * batches of operations inside their own transaction, so a business state change (a voucher
 * approved, a withdrawal paid) and its money commit together or not at all.
 */
import { invariant } from '@fairex/domain';
import type { Database } from '../../platform/db/database';
import type { LedgerOp } from './ledger.domain';
import { type AccountIdCache, applyBatch, type BatchResult } from './ledger.repository';

export type Ledger = {
  /** Applies the batch in `tx` (a transaction the caller opened); throws LedgerRefused. */
  apply(tx: Database, ops: readonly LedgerOp[], at: Date): Promise<BatchResult>;
};

const ledgers = new WeakMap<object, Ledger>();

/** One ledger per database handle, so the account-id cache is shared by every module. */
export function ledgerFor(db: Database): Ledger {
  let ledger = ledgers.get(db);
  if (!ledger) {
    const cache: AccountIdCache = new Map();
    ledger = {
      async apply(tx, ops, at) {
        const result = await applyBatch(tx, { ops, at, cache });
        invariant(result.entryIds.length === ops.length, 'one result per operation');
        return result;
      },
    };
    ledgers.set(db, ledger);
  }
  return ledger;
}
