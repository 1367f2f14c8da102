import os from 'node:os';
import type { ViteUserConfig } from 'vitest/config';

/** What both test tiers share; each config adds its database global setup. */
export const sharedTest = {
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  // Owned by the data-model engineer, run with their own setup.
  exclude: [
    'test/migrations.test.ts',
    'test/seed.test.ts',
    'test/main.test.ts',
    '**/node_modules/**',
  ],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // Files share their worker's modules instead of importing the whole app again each: every
  // file builds its own app on its own database (test/helpers/app.ts), and no file mocks a
  // module, fakes timers for good or changes the environment. Re-importing was half the
  // embedded tier's time (719 s → 327 s on a 2-core machine, the same 1 457 tests passing).
  // test/shared-modules.test.ts keeps it so.
  isolate: false,
  // Vitest's default is one worker less than the cores: a single worker on a 2-core CI machine,
  // with the other core idle while a file waits on PostgreSQL or a socket. Each file has its own
  // database copy, so two run side by side; larger machines keep the default. The embedded
  // tier stays one file at a time: its fileParallelism: false makes it one worker.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  // A run that stops moving is ended with what was running, not left to CI's limit.
  reporters: ['default', './test/setup/stall-watchdog.ts'],
} satisfies NonNullable<ViteUserConfig['test']>;
