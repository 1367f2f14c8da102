import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

type HelmetOptions = NonNullable<Parameters<typeof helmet>[1]>;

/** Headers Fastify sets itself on the probe's answer, not helmet's. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet sends with these options, computed once by asking helmet itself on a
 * throwaway instance. The policy is fixed (no per-request nonces), so every answer carries
 * the same set; @fastify/helmet would rebuild helmet's middleware and re-parse the CSP on
 * every request in two hooks, about a tenth of the API's own time on a small read
 * (bench/api.bench.ts, docs/QUALITY.md).
 */
async function helmetHeaders(options: HelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (!OWN_HEADERS.has(name) && value !== undefined) headers[name] = String(value);
  if (!headers['content-security-policy']) throw new Error('helmet: aucune politique CSP');
  return headers;
}

export interface SecurityOptions {
  /**
   * true when the public URL is https: HSTS on every answer and upgrade-insecure-requests.
   * Otherwise HSTS is still sent on requests the trusted proxy forwarded over https
   * (X-Forwarded-Proto, believed only with TRUST_PROXY).
   */
  https: boolean;
}

/**
 * The web app's built code (`/assets/*.js` and `*.css`, content-hashed by Vite). A script or a
 * stylesheet is never a document: the document policies (CSP, framing, COOP, referrer…), about
 * 650 bytes, do nothing on it, and a phone's first load fetches about twenty of them before the
 * page paints (docs/QUALITY.md, web section). They keep what applies to them: no MIME sniffing,
 * no use by another origin. Every other answer (documents, API, uploads, images: an SVG can be
 * opened as a document) carries the full set.
 */
const CODE_ASSET = /^\/assets\/[^?#]+\.(?:js|css)(?:[?#]|$)/;

/** One year, subdomains included (helmet's default policy, without preload). */
const HSTS = 'max-age=31536000; includeSubDomains';

export const securityPlugin = fp(
  async (app: FastifyInstance, opts: SecurityOptions) => {
    const headers = await helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // React and the map/carousel components set style attributes; no inline scripts.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // data:/blob: for avatar previews before upload; https: for news images taken from X.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          // ws:/wss: for the realtime socket.
          connectSrc: ["'self'", 'ws:', 'wss:'],
          // The installable app's service worker and manifest, from the app's own origin only.
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          // No page uses <base>: an injected one could not redirect relative script URLs.
          baseUri: ["'none'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: opts.https ? [] : null,
        },
      },
      hsts: false,
      crossOriginEmbedderPolicy: false,
    });
    const codeHeaders = {
      'x-content-type-options': headers['x-content-type-options'] ?? 'nosniff',
      'cross-origin-resource-policy': headers['cross-origin-resource-policy'] ?? 'same-origin',
    };
    // On every answer, API, static files and 404s alike, as @fastify/helmet's global hook did
    // (built code: see CODE_ASSET); HSTS also when the trusted proxy says the request came over
    // https.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(CODE_ASSET.test(request.url) ? codeHeaders : headers);
      if (opts.https || request.protocol === 'https')
        reply.header('Strict-Transport-Security', HSTS);
      done();
    });
  },
  { name: 'security' },
);
