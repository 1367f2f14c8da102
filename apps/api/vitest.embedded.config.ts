import { defineConfig } from 'vitest/config';
import { sharedTest } from './vitest.shared.js';

/**
 * The same suite on the embedded database (PGlite behind pglite-socket), as `pnpm start`
 * runs without DATABASE_URL. One database for the run, migrated and seeded once; files run
 * one after another because PGlite has a single session.
 */
export default defineConfig({
  test: { ...sharedTest, globalSetup: ['test/setup/embedded.global.ts'], fileParallelism: false },
});
