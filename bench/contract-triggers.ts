// Performance target 2 (shared/design/performance.md): the contract trigger engine, same run, same machine.
//   node --import tsx bench/contract-triggers.ts
// 100 k open triggers (take-profit, stop-loss, liquidation: above the price fire upward, below it
// downward) on one instrument, 10 k ticks of a seeded random walk with gaps and repeated prices.
// Each fired trigger is replaced by a new one around the new price, and a few are removed and
// added between ticks, so about 100 k stay open. The same sequence runs twice: through the
// TriggerBook (sorted per direction, walks only what a tick reaches) and through a naive scan of
// every trigger on every tick. The fired sets must be identical tick by tick; the ratio of the
// two firing times is printed last (target: at least 1,000x). Prices are in units of 1e-3 of a
// 10,000 price: steps of up to 0.2 with repeats and gaps of up to 10; triggers within 20 %.
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
  fire(price: bigint): Trigger<null>[];
};

/** Runs the whole sequence on `engine`; returns the fired ids per tick (sorted) and the time. */
function run(engine: Engine): { fired: string[][]; ms: number } {
  const next = random(seed);
  let price = 10_000_000n;
  let serial = 0;
  const open: string[] = [];
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
  const place = (trigger: Trigger<null>) => {
    engine.add(trigger);
    open.push(trigger.id);
  };
  for (let index = 0; index < triggerCount; index += 1) place(make(price));
  const fired: string[][] = [];
  let ms = 0;
  for (let tick = 0; tick < tickCount; tick += 1) {
    const roll = next();
    // Mostly small steps, some repeats, now and then a gap.
    const step =
      roll < 0.1 ? 0 : roll < 0.98 ? Math.floor((next() - 0.5) * 400) : Math.floor((next() - 0.5) * 20_000);
    price += BigInt(step);
    // Only the firing is timed: placing and removing triggers is the same work in both runs.
    const before = performance.now();
    const hit = engine.fire(price);
    ms += performance.now() - before;
    const ids = hit.map((trigger) => trigger.id).sort();
    fired.push(ids);
    for (let index = 0; index < hit.length; index += 1) place(make(price));
    for (let index = 0; index < churnPerTick; index += 1) {
      const victim = open[Math.floor(next() * open.length)];
      if (victim !== undefined) engine.remove(victim);
      place(make(price));
    }
  }
  return { fired, ms };
}

const book = new TriggerBook<null>();
const booked = run({
  add: (trigger) => book.add(trigger),
  remove: (id) => void book.remove(id),
  fire: (price) => book.fire(price),
});
const naive = new Map<string, Trigger<null>>();
const scanned = run({
  add: (trigger) => void naive.set(trigger.id, trigger),
  remove: (id) => void naive.delete(id),
  fire: (price) => naiveFire(naive, price),
});

let mismatches = 0;
let firedTotal = 0;
for (let tick = 0; tick < tickCount; tick += 1) {
  const left = booked.fired[tick] ?? [];
  const right = scanned.fired[tick] ?? [];
  firedTotal += left.length;
  if (left.length !== right.length || left.some((id, index) => id !== right[index])) mismatches += 1;
}

console.log(
  `triggers open at start: ${triggerCount}, ticks: ${tickCount}, fired: ${firedTotal}, still open: ${book.size}`,
);
console.log(`ticks whose fired set differs between the book and the naive scan: ${mismatches}`);
console.log(
  `trigger book: ${booked.ms.toFixed(1)} ms (${((booked.ms * 1000) / tickCount).toFixed(2)} us per tick)`,
);
console.log(
  `naive scan:   ${scanned.ms.toFixed(1)} ms (${((scanned.ms * 1000) / tickCount).toFixed(2)} us per tick)`,
);
console.log(`ratio naive / book: ${(scanned.ms / booked.ms).toFixed(0)}x (target 2: at least 1000x)`);
if (mismatches > 0) process.exit(1);
