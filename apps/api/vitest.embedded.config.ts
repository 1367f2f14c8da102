import { defineConfig } from 'vitest/config';
import { sharedTest } from './vitest.shared.js';

/**
 * The same suite on the embedded database (PGlite behind pglite-socket), as `pnpm start`
 * runs without DATABASE_URL. One database for the run, migrated and seeded once; files run
 * one after another because PGlite has a single session.
 */
export default defineConfig({
  test: {
    ...sharedTest,
    // The schema fuzzing (≈150 000 requests) runs once, on PostgreSQL: what it exercises is the
    // routes' validation and error mapping, the same on both databases, and running it again
    // on the single PGlite session would double its CI cost for no new coverage.
    // The route-guard matrix likewise checks the guards (the same code on both databases), and
    // its cells assume an empty database per file ('GET /matchs/prochain' is 404 with no
    // match), which the embedded run, one database shared by every file, cannot give.
    exclude: [
      ...sharedTest.exclude,
      'test/security/fuzz.test.ts',
      'test/security/route-guards.test.ts',
    ],
    globalSetup: ['test/setup/embedded.global.ts'],
    fileParallelism: false,
  },
});
