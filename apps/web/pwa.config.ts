import type { VitePWAOptions } from 'vite-plugin-pwa';

/*
 * The installable app (vite-plugin-pwa). Strategy: generateSW. Workbox writes the service
 * worker from this declaration (precache list with revision hashes, navigation fallback,
 * network-only rules, cleanup of old caches), which is exactly the well-trodden part we need;
 * our own code is only the push and notification-click handlers, kept in public/sw-push.js and
 * pulled in with importScripts. injectManifest would mean hand-writing the same routing with
 * workbox-precaching/-routing as extra direct dependencies, for no behaviour we lack.
 *
 * Updates: 'prompt', not autoUpdate. A new version waits until the member clicks "Recharger"
 * in the banner (src/pwa/UpdatePrompt): reloading on its own could drop a message being typed
 * or a carpool form half filled on the way to the stadium.
 */

/** Theme and background colours: --red and --white of src/styles/tokens.css. */
export const THEME_COLOR = '#e2001a';
const BACKGROUND_COLOR = '#ffffff';

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  registerType: 'prompt',
  // src/pwa/register.ts registers the worker (workbox-window) and shows the update prompt.
  injectRegister: false,
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.ico', 'favicon.svg', 'apple-touch-icon.png', 'sw-push.js'],
  manifest: {
    id: '/',
    name: 'Munegu – Supporters de l’AS Monaco',
    short_name: 'Munegu',
    description:
      'L’application des supporters de l’AS Monaco : déplacements et covoiturages, jeu de pronostics, actualités et messagerie.',
    lang: 'fr',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['sports', 'social'],
    icons: [
      { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/pwa-maskable-192.png',
        sizes: '192x192',
        type: 'image/png',
        purpose: 'maskable',
      },
      {
        src: '/pwa-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  },
  workbox: {
    // The app shell and the fingerprinted build; club crests and maps are cached on first use.
    globPatterns: [
      'index.html',
      'assets/**/*.{js,css,svg,png,woff2}',
      'favicon.svg',
      'pwa-192.png',
      'manifest.webmanifest',
    ],
    globIgnores: ['**/*.map'],
    // Offline, any page of the app opens the shell (which shows the offline banner).
    navigateFallback: '/index.html',
    // Not for the server's own paths, nor for a file opened directly (an image, a download).
    navigateFallbackDenylist: [
      /^\/api\//,
      /^\/uploads\//,
      /^\/socket\.io\//,
      /\/[^/?]+\.[A-Za-z0-9]{1,12}(\?|$)/,
    ],
    cleanupOutdatedCaches: true,
    importScripts: ['/sw-push.js'],
    // /api, /uploads and /socket.io have no route on purpose: the worker never answers them
    // (no respondWith), so they go straight to the network and nothing personal (profiles,
    // messages, tokens, avatars, exports) is ever stored by it; e2e/specs/installable.spec.ts
    // checks the caches hold none of them.
    runtimeCaching: [
      {
        // Public, unchanging files of the build's public/ folder.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin && /^\/(clubs|cartes_france)\//.test(url.pathname),
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'munegu-public', expiration: { maxEntries: 120 } },
      },
    ],
  },
};
