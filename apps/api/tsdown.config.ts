import { defineConfig } from 'tsdown';

// Package imports ('fastify', '@prisma/client/runtime/client', 'node:fs'), as written in the
// source; relative imports, resolved paths and virtual modules are not.
const PACKAGE = /^(?:@[\w.-]+\/)?\w/;
// The workspace's shared package has no build of its own: its TypeScript sources are bundled.
const SHARED = '@munegu/shared';

// One bundle per entry point, named as the Dockerfile and the docs run them (dist/main.js,
// dist/cli/user.js). The generated Prisma client and @munegu/shared are bundled; every package
// from node_modules stays external and is loaded at run time. Dynamic imports become their own
// chunks, so PGlite (db/embedded.ts, a dev dependency) loads only without DATABASE_URL.
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    'cli/seed': 'src/cli/seed.ts',
    'cli/user': 'src/cli/user.ts',
  },
  outDir: 'dist',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // .js, not .mjs: the package is "type": "module".
  fixedExtension: false,
  sourcemap: true,
  clean: true,
  dts: false,
  deps: {
    alwaysBundle: [SHARED],
    neverBundle: (id, _importer, isResolved) =>
      !isResolved && PACKAGE.test(id) && id !== SHARED && !id.startsWith(`${SHARED}/`),
    // Fails the build if anything from node_modules were bundled after all.
    onlyBundle: [],
  },
});
