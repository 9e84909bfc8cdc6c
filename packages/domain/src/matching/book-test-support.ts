/**
 * Test helpers shared by the engine's tests: a sink that records events as readable strings, and
 * the seed printing of the property tests. Not exported from the package.
 */
import type { DoneReason, MatchSink } from './order-book.types';

/** Records every event as one line: `fill maker taker price qty makerLeft takerLeft`, `rest id price qty`, `done id reason qty`. */
export class RecordingSink implements MatchSink {
  readonly events: string[] = [];

  fill(
    makerId: number,
    takerId: number,
    price: number,
    quantity: number,
    makerRemaining: number,
    takerRemaining: number,
  ): void {
    this.events.push(`fill ${makerId} ${takerId} ${price} ${quantity} ${makerRemaining} ${takerRemaining}`);
  }

  rest(id: number, price: number, remaining: number): void {
    this.events.push(`rest ${id} ${price} ${remaining}`);
  }

  done(id: number, reason: DoneReason, remaining: number): void {
    this.events.push(`done ${id} ${reason} ${remaining}`);
  }

  /** The events recorded since the last call. */
  take(): string[] {
    return this.events.splice(0);
  }
}

/** The domain package compiles without Node's types; the tests still run on Node. */
type NodeGlobals = {
  process?: { env: Record<string, string | undefined> };
  console: { log(message: string): void };
};
const nodeGlobals = globalThis as unknown as NodeGlobals;

/** A random seed for a property test, printed so a failure can be replayed (FAIREX_SEED=...). */
export function announcedSeed(name: string): number {
  const fromEnvironment = Number(nodeGlobals.process?.env.FAIREX_SEED);
  const seed =
    Number.isSafeInteger(fromEnvironment) && fromEnvironment !== 0 ? fromEnvironment : Date.now() % 2 ** 31;
  nodeGlobals.console.log(`[seed] ${name}: ${seed} (replay with FAIREX_SEED=${seed})`);
  return seed;
}
