#!/usr/bin/env node
// Regenerating migrations from the table definitions must produce nothing new: a schema change
// without its migration would reach PGlite and PostgreSQL differently or not at all.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const migrationsDir = 'apps/server/drizzle';
const scratch = mkdtempSync(path.join(tmpdir(), 'fairex-migrations-'));
const scratchOut = path.join(scratch, 'drizzle');
cpSync(migrationsDir, scratchOut, { recursive: true });
const before = readdirSync(scratchOut).sort();
const result = spawnSync(
  'npx',
  [
    'drizzle-kit',
    'generate',
    '--dialect',
    'postgresql',
    '--schema',
    './apps/server/src/modules/*/*.schema.ts',
    '--out',
    path.relative(process.cwd(), scratchOut),
  ],
  { encoding: 'utf8' },
);
const after = readdirSync(scratchOut).sort();
rmSync(scratch, { recursive: true, force: true });
if (result.status !== 0 || /error/i.test(result.stderr)) {
  console.error(result.stdout, result.stderr);
  process.exit(1);
}
const added = after.filter((name) => !before.includes(name));
if (added.length > 0) {
  console.error(
    `The schema has changes without a migration (would add ${added.join(', ')}). Run npm run db:generate.`,
  );
  process.exit(1);
}
console.log('Migrations are up to date with the schema.');
