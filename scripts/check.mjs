#!/usr/bin/env node
// `npm run check`: every static check, each reported, failing if any fails.
import { spawnSync } from 'node:child_process';
import { checks } from './checks.mjs';

const failedLabels = [];
for (const step of checks) {
  console.log(`\n▶ ${step.label}`);
  const result = spawnSync(step.command, step.args, { stdio: 'inherit' });
  if (result.status !== 0) failedLabels.push(step.label);
}
if (failedLabels.length > 0) {
  console.log(`\nFailed checks: ${failedLabels.join(', ')}`);
  process.exit(1);
}
console.log('\nAll checks passed.');
