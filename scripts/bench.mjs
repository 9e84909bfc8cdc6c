#!/usr/bin/env node
// `npm run bench`: runs every bench/*.ts (performance.md) one after another, each printing its
// figures and its ratio against the baseline last. Not part of `npm test`. BENCH_* variables
// pass through (e.g. BENCH_CLIENTS=500 npm run bench).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One benchmark may run this long before it is stopped. */
const benchTimeoutMs = 10 * 60_000;

const benchDir = fileURLToPath(new URL('../bench/', import.meta.url));
const only = process.argv.slice(2);
const scripts = readdirSync(benchDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
  .filter((name) => only.length === 0 || only.some((wanted) => name.includes(wanted)))
  .sort();

if (scripts.length === 0) {
  console.log('No benchmarks found in bench/.');
  process.exit(0);
}

/** @type {{ name: string, ok: boolean, seconds: string }[]} */
const results = [];
for (const name of scripts) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${benchDir}${name}`], {
    stdio: 'inherit',
    timeout: benchTimeoutMs,
    killSignal: 'SIGKILL',
  });
  results.push({ name, ok: run.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

console.log('\nBenchmarks:');
for (const result of results) {
  console.log(`  ${result.ok ? 'ran   ' : 'FAILED'} ${result.name} (${result.seconds} s)`);
}
process.exit(results.every((result) => result.ok) ? 0 : 1);
