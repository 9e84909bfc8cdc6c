// The static checks of `npm run check`, shared with the test command so both run the same list.
export const checks = [
  { label: 'typecheck (tsc -b, strict)', command: 'npx', args: ['tsc', '-b'] },
  // bench/ imports server sources directly, so it is checked as one program of its own.
  { label: 'typecheck benchmarks', command: 'npx', args: ['tsc', '-p', 'bench/tsconfig.json'] },
  { label: 'lint and format (biome)', command: 'npx', args: ['biome', 'ci', '.'] },
  { label: 'dead code and unused dependencies (knip)', command: 'npx', args: ['knip'] },
  {
    label: 'dependency boundaries (dependency-cruiser)',
    command: 'npx',
    args: ['depcruise', 'apps', 'packages', '--config', '.dependency-cruiser.cjs'],
  },
  { label: 'migrations match the schema', command: 'node', args: ['scripts/check-migrations.mjs'] },
];
