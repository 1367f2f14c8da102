import { defineConfig } from 'vitest/config';
import { sharedTest } from './vitest.shared.js';

/**
 * API tests on the real PostgreSQL (TEST_PG_URL): the global setup migrates and seeds one
 * template database per run; each test file gets its own copy (test/helpers/app.ts), so
 * files run in parallel.
 */
export default defineConfig({
  test: { ...sharedTest, globalSetup: ['test/setup/pg.global.ts'] },
});
