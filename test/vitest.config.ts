import { defineConfig } from 'vitest/config';

// Repository-level checks that belong to no single package (deployment files, CI wiring).
export default defineConfig({
  test: { root: new URL('.', import.meta.url).pathname, include: ['**/*.test.ts'] },
});
