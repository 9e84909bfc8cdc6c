/**
 * The ledger: the only writer of balances (conventions rules 1 and 2). Other modules hand it
 * batches of operations inside their own transaction, so a business state change (a voucher
 * approved, a withdrawal paid) and its money commit together or not at all.
 */
import { invariant } from '@fairex/domain';
import type { Database } from '../../platform/db/database';
import type { LedgerOp } from './ledger.domain';
import {
  type AccountIdCache,
  type AlongWith,
  applyBatch,
  type BatchResult,
  type LedgerIdPool,
} from './ledger.repository';

export type Ledger = {
  /**
   * Applies the batch in `tx` (a transaction the caller opened); throws LedgerRefused. `alongWith`
   * adds the caller's own writes to the batch's last statement.
   */
  apply(
    tx: Database,
    ops: readonly LedgerOp[],
    at: Date,
    options?: { readonly alongWith?: AlongWith },
  ): Promise<BatchResult>;
};

/**
 * The ledger of one database. The composition root makes one and hands it to every module that
 * moves money, so they share the account-id cache and the blocks of ids fetched ahead.
 */
export function createLedger(): Ledger {
  const cache: AccountIdCache = new Map();
  const ids: LedgerIdPool = { ledger_entries: [], ledger_holds: [] };
  return {
    async apply(tx, ops, at, options) {
      const result = await applyBatch(tx, { ops, at, cache, ids, alongWith: options?.alongWith });
      invariant(result.entryIds.length === ops.length, 'one result per operation');
      return result;
    },
  };
}
