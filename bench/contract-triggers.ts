// Performance target 2 (shared/design/performance.md): the contract trigger engine, same run, same machine.
//   node --import tsx bench/contract-triggers.ts
// 100 k open triggers (take-profit, stop-loss, liquidation: above the price fire upward, below it
// downward) on one instrument, 10 k ticks of a seeded random walk with gaps and repeated prices,
// and between ticks five triggers removed and five added around the new price (about 100 k stay
// open). The workload is made first; then the same sequence runs twice: through the
// TriggerBook (sorted per direction, walks only what a tick reaches) and through a naive scan of
// every trigger on every tick. The fired sets must be identical tick by tick. The target's figure,
// printed last, is the ratio of the time spent firing (each tick's fire call timed on its own,
// the timer's cost charged to both; target: at least 1,000x). The line before it gives the whole
// loop with the additions and removals, which are map updates both engines pay alike and which
// bound that ratio (about 0.5 us per update at 100 k entries here). Prices are in units of 1e-3
// of a 10,000 price: steps of up to 0.2 with repeats and gaps of up to 10; triggers within 20 %.
// Env: BENCH_TRIGGERS (100000), BENCH_TICKS (10000), BENCH_SEED (1).
import { naiveFire, type Trigger, TriggerBook } from '../packages/domain/src/contracts/trigger-book';

const triggerCount = positiveIntFromEnv('BENCH_TRIGGERS', 100_000);
const tickCount = positiveIntFromEnv('BENCH_TICKS', 10_000);
const seed = positiveIntFromEnv('BENCH_SEED', 1);
const churnPerTick = 5;

function positiveIntFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** mulberry32: the same numbers for the same seed in both runs. */
function random(seedValue: number): () => number {
  let state = seedValue >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Engine = {
  add(trigger: Trigger<null>): void;
  remove(id: string): void;
  fire(price: bigint): readonly Trigger<null>[];
};

type Step = { readonly price: bigint; readonly adds: Trigger<null>[]; readonly removes: string[] };

/** The whole workload, made before anything is timed: the opening triggers and each tick's changes. */
function workload(): { opening: Trigger<null>[]; steps: Step[] } {
  const next = random(seed);
  let price = 10_000_000n;
  let serial = 0;
  const make = (around: bigint): Trigger<null> => {
    // Within 20 % of the price, as take-profits, stop-losses and liquidations of 1-100x positions are.
    const distance = BigInt(1 + Math.floor(next() * 2_000_000));
    const up = next() < 0.5;
    serial += 1;
    return {
      id: `t${serial}`,
      price: up ? around + distance : around - distance,
      direction: up ? 'up' : 'down',
      payload: null,
    };
  };
  const opening = Array.from({ length: triggerCount }, () => make(price));
  const steps: Step[] = [];
  for (let tick = 0; tick < tickCount; tick += 1) {
    const roll = next();
    // Mostly small steps, some repeats, now and then a gap.
    const step =
      roll < 0.1 ? 0 : roll < 0.98 ? Math.floor((next() - 0.5) * 400) : Math.floor((next() - 0.5) * 20_000);
    price += BigInt(step);
    const adds = Array.from({ length: churnPerTick }, () => make(price));
    const removes = Array.from({ length: churnPerTick }, () => `t${1 + Math.floor(next() * serial)}`);
    steps.push({ price, adds, removes });
  }
  return { opening, steps };
}

/**
 * Runs the workload on `engine`; returns the fired ids per tick (sorted), the time spent firing
 * (the target's figure: each tick's `fire`, timed on its own) and the time of the whole loop with
 * the additions and removals between ticks (map updates both engines make alike).
 */
function run(
  engine: Engine,
  load: ReturnType<typeof workload>,
): { fired: string[][]; fireMs: number; ms: number } {
  for (const trigger of load.opening) engine.add(trigger);
  const firedPerTick: (readonly Trigger<null>[])[] = [];
  let fireMs = 0;
  const started = performance.now();
  for (const step of load.steps) {
    const fireStarted = performance.now();
    firedPerTick.push(engine.fire(step.price));
    fireMs += performance.now() - fireStarted;
    for (const id of step.removes) engine.remove(id);
    for (const trigger of step.adds) engine.add(trigger);
  }
  const ms = performance.now() - started;
  return { fired: firedPerTick.map((hit) => hit.map((trigger) => trigger.id).sort()), fireMs, ms };
}

const load = workload();
/**
 * The book's side takes a fiftieth of a second, so one collector pause decides its figure: it runs
 * `bookRuns` times on the same workload, each on a fresh book, and the median counts (every run
 * is printed). The naive scan takes seconds and runs once.
 */
const bookRuns = positiveIntFromEnv('BENCH_BOOK_RUNS', 5);
const bookResults = Array.from({ length: bookRuns }, () => {
  const book = new TriggerBook<null>();
  const result = run(
    {
      add: (trigger) => book.add(trigger),
      remove: (id) => void book.remove(id),
      fire: (price) => book.fire(price),
    },
    load,
  );
  return { ...result, size: book.size };
});
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};
const booked = {
  fired: (bookResults[0] as (typeof bookResults)[number]).fired,
  fireMs: median(bookResults.map((result) => result.fireMs)),
  ms: median(bookResults.map((result) => result.ms)),
};
const naive = new Map<string, Trigger<null>>();
const scanned = run(
  {
    add: (trigger) => void naive.set(trigger.id, trigger),
    remove: (id) => void naive.delete(id),
    fire: (price) => naiveFire(naive, price),
  },
  load,
);

let mismatches = 0;
let firedTotal = 0;
for (let tick = 0; tick < tickCount; tick += 1) {
  const right = scanned.fired[tick] ?? [];
  firedTotal += right.length;
  const differs = bookResults.some(({ fired }) => {
    const left = fired[tick] ?? [];
    return left.length !== right.length || left.some((id, index) => id !== right[index]);
  });
  if (differs) mismatches += 1;
}

console.log(
  `triggers open at start: ${triggerCount}, ticks: ${tickCount}, fired: ${firedTotal}, still open: ${bookResults[0]?.size}`,
);
console.log(`ticks whose fired set differs between the book and the naive scan: ${mismatches}`);
const perTick = (ms: number) => `${((ms * 1000) / tickCount).toFixed(2)} us per tick`;
console.log(
  `with the additions and removals between ticks: book ${booked.ms.toFixed(1)} ms, naive ${scanned.ms.toFixed(1)} ms, ratio ${(scanned.ms / booked.ms).toFixed(0)}x`,
);
console.log(
  `trigger book firing, ${bookRuns} runs: ${bookResults.map((result) => result.fireMs.toFixed(1)).join(', ')} ms`,
);
console.log(`trigger book firing, median: ${booked.fireMs.toFixed(1)} ms (${perTick(booked.fireMs)})`);
console.log(`naive scan firing:   ${scanned.fireMs.toFixed(1)} ms (${perTick(scanned.fireMs)})`);
console.log(
  `ratio naive / book, firing per tick: ${(scanned.fireMs / booked.fireMs).toFixed(0)}x (target 2: at least 1000x)`,
);
if (mismatches > 0) process.exit(1);
