import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './pwa.config';

/** The API (Fastify + socket.io) listens on :3000 in development; the SPA calls it same-origin. */
const API_TARGET = process.env.MUNEGU_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  // VitePWA: manifest, service worker and precache list of the installable app (pwa.config.ts).
  plugins: [react(), VitePWA(pwaOptions)],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks: app deployments do not invalidate the framework's cache.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/.test(id))
            return 'react';
          if (/[\\/](zod|@tanstack|date-fns|@date-fns)[\\/]/.test(id)) return 'libs';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/uploads': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/uploads': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
});
