import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Lazy pages and dialogs (React.lazy) are compiled on first use inside a test; on a loaded
    // 2-core CI machine that can take seconds, which is not what a test measures.
    testTimeout: 15_000,
  },
});
