// Built by bench/web.bench.ts with apps/web's Vite binary; `node_modules` here is a link the
// bench makes to apps/web/node_modules, so React, the router and Query are the app's own.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: 'dist', emptyOutDir: true },
});
