import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; route tests spend much of their time waiting on
    // PostgreSQL (its own processes) and on timers, so two keep both cores busy.
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/*/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Files share a worker's module graph: importing the server's modules (Fastify, Drizzle,
          // every zod schema) once per worker instead of once per file. Modules hold no state of
          // their own (services are built by composeModules per test app), so nothing leaks.
          isolate: false,
          // Polls wait for timers, workers and sockets, which a loaded CI machine can hold back.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      { test: { name: 'admin', include: ['apps/admin/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // One prepared installation per run; the files' servers start on copies of it.
          globalSetup: ['e2e/support/global-setup.ts'],
          // A browser page under a loaded CI machine can take seconds to show what a poll waits for.
          expect: { poll: { timeout: 10_000 } },
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // Each file starts its own server (own port, own data) and browser, so two run at once:
          // most of a browser test's time is waiting, not CPU.
          fileParallelism: true,
          maxWorkers: 2,
          // A project with its own worker count runs as its own group: after the others.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
