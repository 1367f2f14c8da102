import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface WebOptions {
  /** The Vite build of apps/web (index.html, assets/, public files). */
  webDist: string;
  uploadsDir: string;
}

const ONE_YEAR = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app with SPA fallback, the uploads, and the JSON 404 for unknown API
 * paths. Registered last so every API route wins over the static wildcard.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: WebOptions) => {
    mkdirSync(opts.uploadsDir, { recursive: true });
    // Upload names carry a version (?v=…) or a unique name, so they can be cached for long.
    await app.register(fastifyStatic, {
      root: opts.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      cacheControl: false,
      setHeaders: (res) => res.header('Cache-Control', 'public, max-age=2592000'),
    });

    const hasWeb = existsSync(path.join(opts.webDist, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.webDist,
        prefix: '/',
        cacheControl: false,
        setHeaders: (res, filePath) => {
          // Vite fingerprints everything under assets/; index.html must always be revalidated
          // so a new deployment is picked up.
          if (filePath.includes(`${path.sep}assets${path.sep}`))
            res.header('Cache-Control', ONE_YEAR);
          else if (filePath.endsWith('.html')) res.header('Cache-Control', 'no-cache');
          else res.header('Cache-Control', 'public, max-age=3600');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/uploads/')) {
        return reply.status(404).send({ message: 'Ressource introuvable.', code: 'NOT_FOUND' });
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.status(404).send({ message: 'Ressource introuvable.', code: 'NOT_FOUND' });
      }
      if (!hasWeb) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send(
            `Application web non construite : lancez "pnpm build" (attendu dans ${opts.webDist}).`,
          );
      }
      // Client-side routes (/profil/x, /404...) all load the app shell.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web' },
);
