import { defineConfig } from 'tsup';

// One bundle per entry point. @munegu/shared (TypeScript sources) and the generated Prisma
// client are bundled; every package from node_modules stays external and is loaded at run time.
export default defineConfig({
  entry: ['src/main.ts', 'src/cli/seed.ts', 'src/cli/user.ts'],
  outDir: 'dist',
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  splitting: true,
  sourcemap: true,
  clean: true,
  noExternal: ['@munegu/shared'],
});
