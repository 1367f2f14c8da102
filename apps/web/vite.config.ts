import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { pwaOptions } from './pwa.config';
import { routePreloads } from './route-preloads';

/**
 * react-router 7's package exports send every bundler to its development build, even for a
 * production build (upstream issue remix-run/react-router#14102): its development checks and
 * warnings, downloaded and run on every first visit. The package
 * ships its production build beside it, same API; a production build of the app takes that
 * one. If the package's layout changes, the swapped path does not exist and the build fails
 * rather than ship the wrong one.
 */
const reactRouterProductionBuild: Plugin = {
  name: 'munegu-react-router-production',
  apply: 'build',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (source !== 'react-router' && source !== 'react-router/dom') return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved) return null;
    return { ...resolved, id: resolved.id.replace('/dist/development/', '/dist/production/') };
  },
};

/** lib/boot/early.ts: the member's first reads, an entry of its own (see that file). */
const EARLY_ENTRY = fileURLToPath(new URL('./src/lib/boot/early.ts', import.meta.url));

/**
 * Names the early entry in the document, run as soon as it arrives (`async`; the Link header of
 * route-preloads.ts asks for it with the entry):
 * Vite would fold a second script of index.html into the app's entry, which runs only once
 * all of its code has arrived. The app imports the same file, so both share one instance.
 */
const earlyScript: Plugin = {
  name: 'munegu-early-script',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      const chunk = Object.values(bundle ?? {}).find(
        (file) => file.type === 'chunk' && file.isEntry && file.facadeModuleId === EARLY_ENTRY,
      );
      if (!chunk) throw new Error(`${EARLY_ENTRY}: no entry chunk in the build`);
      return [
        {
          tag: 'script',
          attrs: { type: 'module', async: true, src: `/${chunk.fileName}` },
          injectTo: 'head',
        },
      ];
    },
  },
};

/**
 * vite-plugin-pwa links the manifest in the document; the app links it once its first page has
 * painted instead (lib/pwa.ts `linkManifest`, which says why). A build where the link is not found fails, so a
 * change of that plugin's output cannot bring the early fetch back unnoticed.
 */
const MANIFEST_LINK = /<link rel="manifest" href="\/manifest\.webmanifest"[^>]*>/g;
const manifestLinkAfterFirstPage: Plugin = {
  name: 'munegu-manifest-link-after-first-page',
  apply: 'build',
  // That plugin's transform is `enforce: 'post'` too: this one, listed after it, runs after it.
  enforce: 'post',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const stripped = html.replace(MANIFEST_LINK, '');
      if (stripped === html) throw new Error('vite-plugin-pwa: no manifest link in index.html');
      return stripped;
    },
  },
};

/** The API (Fastify + socket.io) listens on :3000 in development; the SPA calls it same-origin. */
const API_TARGET = process.env.MUNEGU_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  // VitePWA: manifest, service worker and precache list of the installable app (pwa.config.ts).
  // routePreloads: which code each landing page needs, for the API's Link headers.
  plugins: [
    reactRouterProductionBuild,
    earlyScript,
    react(),
    VitePWA(pwaOptions),
    manifestLinkAfterFirstPage,
    routePreloads(fileURLToPath(new URL('.', import.meta.url))),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), early: EARLY_ENTRY },
      // Feature and UI modules only declare things (components, hooks, queries): an import that
      // uses none of them (a barrel's other exports) need not run. Told so, Rollup leaves out
      // what a page does not use, and a dialog imported on demand stays in its own chunk. A
      // module imported for its side effects belongs in app/ or lib/, which keep the default.
      treeshake: {
        moduleSideEffects: (id) => !/[\\/]src[\\/](features|components)[\\/].*\.tsx?$/.test(id),
      },
      output: {
        // One long-lived vendor chunk for the framework every page needs: app deployments do
        // not invalidate its cache. Only those exact packages (`…/node_modules/react-dom/`, not
        // `@floating-ui/react-dom`); every other library goes where Rollup's own split puts it,
        // so what only a lazy page uses (zod, forms, dates, dialogs) stays out of the first load.
        manualChunks(id) {
          if (
            /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/.test(
              id,
            )
          )
            return 'react';
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
