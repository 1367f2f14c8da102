import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** true when the public URL is https: only then HSTS and upgrade-insecure-requests. */
  https: boolean;
  cookieSecret: string;
}

/** Thrown by the rate limiter; the error handler turns it into `{ message, ttl }`. */
class RateLimitedError extends Error {
  readonly statusCode = 429;
  constructor(readonly ttl: number) {
    super(`Trop de tentatives : ${ttl}s`);
  }
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
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: opts.https ? [] : null,
        },
      },
      hsts: opts.https,
      crossOriginEmbedderPolicy: false,
    });
    await app.register(rateLimit, {
      global: true,
      max: 600,
      timeWindow: '1 minute',
      // Only the API is limited: one page load fetches dozens of static files (scripts, crests,
      // avatars), and members behind one address (a supporters' bus on the same mobile
      // network) must not lock each other out of the web app.
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: (_req, context) =>
        new RateLimitedError(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
    await app.register(cookie, { secret: opts.cookieSecret });
    await app.register(multipart, {
      limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 12 },
    });
  },
  { name: 'security' },
);
