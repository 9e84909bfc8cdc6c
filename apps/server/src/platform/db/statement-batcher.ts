/**
 * Many callers' rows in one statement (conventions: everything is a batch). `submit` queues an
 * item; the queue goes out as one `run` call on the next turn of the event loop, or, while a batch
 * is in the database, as soon as that one returns, so the callers of one moment share a round
 * trip and a commit instead of queueing for the pool one statement each. `run` answers one result
 * per item, in order; if it throws, every item of that batch gets the error. Used by the session
 * lookups of every request and by the Idempotency-Key claims and replies.
 */
export type StatementBatcher<Item, Result> = (item: Item) => Promise<Result>;

type Waiting<Item, Result> = {
  readonly item: Item;
  readonly resolve: (result: Result) => void;
  readonly reject: (error: unknown) => void;
};

export function createStatementBatcher<Item, Result>(
  run: (items: Item[]) => Promise<readonly Result[]>,
  maxBatch = 500,
): StatementBatcher<Item, Result> {
  let queue: Waiting<Item, Result>[] = [];
  let scheduled = false;
  let inFlight = false;

  function schedule(): void {
    if (scheduled || inFlight || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void flush();
    });
  }

  async function flush(): Promise<void> {
    if (inFlight || queue.length === 0) return;
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(batch.length);
    inFlight = true;
    try {
      const results = await run(batch.map((waiting) => waiting.item));
      if (results.length !== batch.length) {
        throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
      }
      batch.forEach((waiting, index) => {
        waiting.resolve(results[index] as Result);
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      inFlight = false;
      schedule();
    }
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}
