#!/usr/bin/env node
// The test command: static checks, the web build and its size budget, then every Vitest project
// (unit, route tests on PGlite and PostgreSQL, browser tests). It ends with the line CI reads:
// `N passed, N failed`, summed over everything it ran.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const resultsDir = '.test-results';
let passed = 0;
let failed = 0;
const failures = [];
/** @type {{ label: string; seconds: number }[]} */
const stages = [];

/** @param {string} label @param {string} command @param {string[]} args */
function run(label, command, args) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  stages.push({ label, seconds: (performance.now() - started) / 1000 });
  return result.status === 0;
}

/** @param {string} label @param {string} command @param {string[]} args */
function check(label, command, args) {
  if (run(label, command, args)) {
    passed += 1;
  } else {
    failed += 1;
    failures.push(label);
  }
}

// Chromium and the fonts for the browser tests: installed when missing and possible (root with
// apt-get), else one line naming what is missing and how to install it, and nothing runs.
if (!run('browser prerequisites', 'bash', ['scripts/browser-prerequisites.sh'])) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

// Static checks count as one test each (see scripts/check.mjs for what each does).
const { checks } = await import('./checks.mjs');
for (const step of checks) check(step.label, step.command, step.args);

check('web build', 'npm', ['run', 'build', '--silent']);
check('size budget (size-limit)', 'npx', ['size-limit']);

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const vitestReport = `${resultsDir}/vitest.json`;
run('vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
try {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that fails to load has no failed test but must still fail the run.
  /** @type {Array<{ name: string; status: string; startTime: number; endTime: number; assertionResults: Array<{ status: string }> }>} */
  const files = report.testResults;
  const brokenFiles = files.filter(
    (file) => file.status === 'failed' && file.assertionResults.every((test) => test.status !== 'failed'),
  );
  failed += brokenFiles.length;
  for (const file of brokenFiles) failures.push(`test file failed to run: ${file.name}`);
  printSlowestFiles(files);
  if (report.numTotalTests === 0) {
    failed += 1;
    failures.push('vitest ran no test');
  }
} catch (error) {
  failed += 1;
  failures.push(`vitest report unreadable: ${error instanceof Error ? error.message : String(error)}`);
}

console.log('\nTime per stage:');
for (const stage of stages) console.log(`  ${stage.seconds.toFixed(1).padStart(7)} s  ${stage.label}`);
const totalSeconds = stages.reduce((sum, stage) => sum + stage.seconds, 0);
console.log(`  ${totalSeconds.toFixed(1).padStart(7)} s  in all`);

if (failures.length > 0) {
  console.log('\nFailed:');
  for (const failure of failures) console.log(`  - ${failure}`);
}
console.log(`\n${passed} passed, ${failed} failed`);

/**
 * The ten test files that took longest (wall time from Vitest's report), so the suite's budget
 * has names attached.
 * @param {Array<{ name: string; startTime: number; endTime: number }>} files
 */
function printSlowestFiles(files) {
  const slowest = files
    .map((file) => ({
      name: file.name.replace(`${process.cwd()}/`, ''),
      seconds: (file.endTime - file.startTime) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  console.log('\nSlowest test files:');
  for (const file of slowest) console.log(`  ${file.seconds.toFixed(1).padStart(7)} s  ${file.name}`);
}
process.exit(failed === 0 ? 0 : 1);
