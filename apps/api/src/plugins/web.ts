import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface WebOptions {
  /** The Vite build of apps/web (index.html, assets/, public files). */
  webDist: string;
  uploadsDir: string;
  /** Serve the build's `.map` files (off in production unless an operator asks for them). */
  serveSourceMaps: boolean;
  /**
   * Images the home page paints first (the next match's crests, its largest paint): named in a
   * `Link: rel=preload` header of `/`, so the browser fetches them beside the app's code
   * instead of after the code, the data and a render.
   */
  homeImages?: () => Promise<string[]>;
}

const ONE_YEAR = 'public, max-age=31536000, immutable';
const ONE_DAY = 'public, max-age=86400';

/**
 * Files of the installable app that must be revalidated on every use: the service worker and
 * what it imports (a browser compares them byte for byte to find a new version) and the
 * manifest (name, icons, colours of the installed app).
 */
const REVALIDATED = new Set(['sw.js', 'sw-push.js', 'registerSW.js', 'manifest.webmanifest']);
/** Workbox's runtime, imported by sw.js under a name carrying its content hash. */
const WORKBOX = /^workbox-[0-9a-f]{8}\.js$/;
/** Icons: stable names, so a day of cache, not a year. */
const ICON = /^(favicon\.ico|favicon\.svg|apple-touch-icon\.png|pwa-[\w-]+\.png)$/;

/**
 * A request for a file (its last segment has an extension: /favicon.ico, /assets/old-1a2b.js)
 * that the build does not have gets a 404, never the app shell: HTML under a script's or an
 * icon's name breaks the page, and a service worker would cache it as that file.
 */
const FILE_LIKE = /\.[A-Za-z0-9]{1,12}$/;

/** Same-origin paths only, and nothing that could end or split a Link header's entry. */
const PRELOADABLE = /^\/(?!\/)[\w\-./%]+$/;
/** How long a computed Link header is reused before the next `/` asks for a fresh one. */
const HOME_LINK_TTL_MS = 10_000;

/**
 * The `Link` header of `/`, from a copy at most HOME_LINK_TTL_MS old: `setHeaders` is
 * synchronous, so a stale copy answers while a fresh one is computed in the background (the
 * first `/` after start has none). A wrong preload costs one small image download, no more.
 */
function homeLinkHeader(homeImages: () => Promise<string[]>) {
  let value = '';
  let at = -Infinity;
  let pending = false;
  return (): string => {
    if (!pending && Date.now() - at > HOME_LINK_TTL_MS) {
      pending = true;
      homeImages()
        .then((urls) => {
          value = urls
            .filter((url) => PRELOADABLE.test(url))
            .map((url) => `<${url}>; rel=preload; as=image; fetchpriority=high`)
            .join(', ');
        })
        .catch(() => {
          value = '';
        })
        .finally(() => {
          at = Date.now();
          pending = false;
        });
    }
    return value;
  };
}

/** Written by the web build (apps/web/route-preloads.ts): landing path → the page's code. */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * The `Link` entries of the build's table (apps/web/route-preloads.ts): the app's entry, and per
 * landing path (`/`, `/actualites`…) its page's chunks and CSS and the public API reads its
 * route starts, so the browser fetches them beside the entry script rather than after it has
 * run. The reads are preloaded as the app's `fetch` asks for them (same credentials mode), so
 * it takes the preloaded answer instead of asking again; they are answers that do not depend
 * on who asks. Empty when the build has no table (an older build): the pages then load as
 * before, one step later.
 */
type PagePreloads = { code: string; data: string };
function routePreloads(webDist: string): { entry: string; pages: Map<string, PagePreloads> } {
  const pages = new Map<string, PagePreloads>();
  const file = path.join(webDist, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return { entry: '', pages };
  const table = JSON.parse(readFileSync(file, 'utf8')) as {
    entry?: unknown;
    pages?: Record<string, { code?: unknown; data?: unknown }>;
  };
  const urls = (list: unknown) =>
    (Array.isArray(list) ? list : []).filter(
      (url): url is string => typeof url === 'string' && PRELOADABLE.test(url),
    );
  const code = (list: unknown) =>
    urls(list).map((url) =>
      url.endsWith('.css')
        ? // Vite adds its CSS with `crossorigin`: the preload must match it to be used.
          `<${url}>; rel=preload; as=style; crossorigin`
        : `<${url}>; rel=modulepreload`,
    );
  for (const [urlPath, preload] of Object.entries(table.pages ?? {})) {
    pages.set(urlPath, {
      code: code(preload.code).join(', '),
      data: urls(preload.data)
        .map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`)
        .join(', '),
    });
  }
  return { entry: code(table.entry).join(', '), pages };
}

/** The JSON 404 of the API and the uploads; set on their scopes, so decided by the router. */
export function jsonNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ message: 'Ressource introuvable.', code: 'NOT_FOUND' });
}

/**
 * Serves the built web app with SPA fallback and the uploads. Registered last so every API
 * route wins over the static wildcard. Which 404 applies is decided by the scope the router
 * matched (/api and /uploads have their own JSON handler), never by a test on the raw URL,
 * which a percent-encoded spelling would dodge.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: WebOptions) => {
    mkdirSync(opts.uploadsDir, { recursive: true });
    // Upload names carry a version (?v=…) or a unique name, so they can be cached for long.
    await app.register(
      async (uploads) => {
        uploads.setNotFoundHandler(jsonNotFound);
        await uploads.register(fastifyStatic, {
          root: opts.uploadsDir,
          decorateReply: false,
          cacheControl: false,
          setHeaders: (res) => res.header('Cache-Control', 'public, max-age=2592000'),
        });
      },
      { prefix: '/uploads' },
    );

    const hasWeb = existsSync(path.join(opts.webDist, 'index.html'));
    const homeLink = opts.homeImages ? homeLinkHeader(opts.homeImages) : () => '';
    const preloads = hasWeb
      ? routePreloads(opts.webDist)
      : { entry: '', pages: new Map<string, PagePreloads>() };
    /**
     * The Link header of the app shell sent for `pathname`, in the order the page needs them
     * (a browser opens a few connections per server and asks in this order): the app's entry,
     * the page's code, `/`'s images of its largest paint, then the page's data.
     */
    const documentLink = (pathname: string): string => {
      const page = preloads.pages.get(pathname);
      return [preloads.entry, page?.code, pathname === '/' ? homeLink() : '', page?.data]
        .filter(Boolean)
        .join(', ');
    };
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.webDist,
        prefix: '/',
        // The build writes .br/.gz beside each asset (scripts/precompress.mjs): sent as they are.
        preCompressed: true,
        // One route per built file (the build does not change while running) instead of a
        // '/*' wildcard, which would swallow unknown /api paths before their scope's 404.
        wildcard: false,
        cacheControl: false,
        // Source maps publish the client's source; only when the operator asks for them.
        allowedPath: (pathname) =>
          pathname !== `/${ROUTE_PRELOADS_FILE}` &&
          (opts.serveSourceMaps || !pathname.endsWith('.map')),
        setHeaders: (res, filePath) => {
          // Vite fingerprints everything under assets/; index.html must always be revalidated
          // so a new deployment is picked up.
          // The file's own name: with `preCompressed`, the file sent is its .br or .gz twin.
          const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
          if (filePath.includes(`${path.sep}assets${path.sep}`) || WORKBOX.test(name))
            res.header('Cache-Control', ONE_YEAR);
          else if (name.endsWith('.html') || REVALIDATED.has(name))
            res.header('Cache-Control', 'no-cache');
          else if (ICON.test(name)) res.header('Cache-Control', ONE_DAY);
          else res.header('Cache-Control', 'public, max-age=3600');
          // The app shell names its page's code (and `/` the images of its largest paint), to
          // be fetched beside the app's entry (also for client routes, sent by sendFile below).
          if (name === 'index.html') {
            const link = documentLink(res.request.url.split('?')[0]!);
            if (link) res.header('Link', link);
          }
          // The manifest's registered type, with its charset (it holds French text).
          if (name === 'manifest.webmanifest')
            res.header('Content-Type', 'application/manifest+json; charset=utf-8');
          // The worker may control the whole site although it is served from the root anyway.
          if (name === 'sw.js') res.header('Service-Worker-Allowed', '/');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return jsonNotFound(request, reply);
      if (!hasWeb) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send(
            `Application web non construite : lancez "pnpm build" (attendu dans ${opts.webDist}).`,
          );
      }
      const pathname = request.url.split('?')[0]!;
      if (FILE_LIKE.test(pathname)) {
        return reply
          .status(404)
          .header('Cache-Control', 'no-cache')
          .type('text/plain; charset=utf-8')
          .send('Fichier introuvable.');
      }
      // Client-side routes (/profil/x, /404...) all load the app shell.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web' },
);
