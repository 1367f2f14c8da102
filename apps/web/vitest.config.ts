import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    // Not jsdom's default origin, http://localhost:3000, where `npm start` serves the app: a
    // member's realtime socket (and any request a test's fake did not catch) reached it, and its
    // refusal of the fake token signed the member out mid-test. `.invalid` never resolves, so
    // such traffic fails here as it does on a machine where nothing listens.
    environmentOptions: { jsdom: { url: 'http://munegu.invalid/' } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Lazy pages and dialogs (React.lazy) are compiled on first use inside a test; on a loaded
    // 2-core CI machine that can take seconds, which is not what a test measures.
    testTimeout: 15_000,
    // Vitest's default, one worker less than the cores, is one worker on a 2-core CI machine.
    // Two side by side took the tier from 284 s to 216 s there (same 641 tests passing): the
    // main process's transforms and the workers' waits leave room for the second.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
