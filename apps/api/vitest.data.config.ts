import { defineConfig } from 'vitest/config';

/**
 * Data-layer checks that manage their own scratch databases: migrations agree with
 * schema.prisma, and the seed is idempotent. They need only TEST_PG_URL.
 */
export default defineConfig({
  test: {
    include: ['test/migrations.test.ts', 'test/seed.test.ts', 'test/main.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: 'forks',
  },
});
