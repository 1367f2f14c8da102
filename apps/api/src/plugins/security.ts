import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /**
   * true when the public URL is https: HSTS on every answer and upgrade-insecure-requests.
   * Otherwise HSTS is still sent on requests the trusted proxy forwarded over https
   * (X-Forwarded-Proto, believed only with TRUST_PROXY).
   */
  https: boolean;
  cookieSecret: string;
}

/** One year, subdomains included (helmet's default policy, without preload). */
const HSTS = 'max-age=31536000; includeSubDomains';

export const securityPlugin = fp(
  async (app: FastifyInstance, opts: SecurityOptions) => {
    await app.register(helmet, {
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
    app.addHook('onRequest', async (request, reply) => {
      if (opts.https || request.protocol === 'https')
        reply.header('Strict-Transport-Security', HSTS);
    });
    await app.register(cookie, { secret: opts.cookieSecret });
    await app.register(multipart, {
      limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 12 },
    });
  },
  { name: 'security' },
);
