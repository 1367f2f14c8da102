import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** true when the public URL is https: only then HSTS and upgrade-insecure-requests. */
  https: boolean;
  cookieSecret: string;
}

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
          objectSrc: ["'none'"],
          // The installable app: its service worker and manifest, from this origin only.
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: opts.https ? [] : null,
        },
      },
      hsts: opts.https,
      crossOriginEmbedderPolicy: false,
    });
    await app.register(cookie, { secret: opts.cookieSecret });
    await app.register(multipart, {
      limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 12 },
    });
  },
  { name: 'security' },
);
