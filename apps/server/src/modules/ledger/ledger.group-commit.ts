/**
 * Group commit (performance.md target 5): callers submit small batches; the committer gathers what
 * arrives within a short window and applies it all in one transaction, so one fsync serves many
 * callers. Each caller's promise settles only after the transaction holding its operations
 * committed. If the combined batch is refused (one caller overdrawing), each submission is retried
 * on its own so one refusal never fails the others.
 */
import type { Database } from '../../platform/db/database';
import type { LedgerOp } from './ledger.domain';
import type { BatchResult } from './ledger.repository';
import type { Ledger } from './ledger.service';

/** The longest a submission waits for company before its batch is written. */
export const groupCommitWindowMsDefault = 2;
/** Operations per transaction at most; more waits for the next round. */
export const groupCommitOpsMax = 2_000;

type Pending = {
  readonly ops: readonly LedgerOp[];
  resolve(result: BatchResult): void;
  reject(error: unknown): void;
};

export type GroupCommitter = {
  submit(ops: readonly LedgerOp[]): Promise<BatchResult>;
  /** Waits for everything submitted so far. */
  flush(): Promise<void>;
};

export function createGroupCommitter(params: {
  readonly db: Database;
  readonly ledger: Ledger;
  readonly now: () => Date;
  readonly windowMs?: number;
}): GroupCommitter {
  const windowMs = params.windowMs ?? groupCommitWindowMsDefault;
  const queue: Pending[] = [];
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const applyAlone = (pending: Pending) =>
    params.db
      .transaction((tx) => params.ledger.apply(tx as unknown as Database, pending.ops, params.now()))
      .then(pending.resolve, pending.reject);

  const commit = async (batch: Pending[]) => {
    const ops = batch.flatMap((pending) => pending.ops);
    try {
      const result = await params.db.transaction((tx) =>
        params.ledger.apply(tx as unknown as Database, ops, params.now()),
      );
      let offset = 0;
      for (const pending of batch) {
        const count = pending.ops.length;
        pending.resolve({
          entryIds: result.entryIds.slice(offset, offset + count),
          holdIds: result.holdIds.slice(offset, offset + count),
        });
        offset += count;
      }
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const pending of batch) await applyAlone(pending);
    }
  };

  const drain = () => {
    timer = null;
    const batch: Pending[] = [];
    let count = 0;
    while (queue.length > 0 && count < groupCommitOpsMax) {
      const next = queue.shift() as Pending;
      batch.push(next);
      count += next.ops.length;
    }
    running = running.then(() => commit(batch));
    if (queue.length > 0) schedule();
  };

  const schedule = () => {
    if (timer === null) timer = setTimeout(drain, windowMs);
  };

  return {
    submit(ops) {
      return new Promise<BatchResult>((resolve, reject) => {
        queue.push({ ops, resolve, reject });
        if (queue.length >= groupCommitOpsMax) {
          if (timer) clearTimeout(timer);
          drain();
        } else schedule();
      });
    },
    async flush() {
      while (queue.length > 0 || timer !== null) {
        if (timer) {
          clearTimeout(timer);
          drain();
        }
        await running;
      }
      await running;
    },
  };
}
