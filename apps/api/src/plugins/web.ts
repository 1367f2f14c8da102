import { existsSync, mkdirSync } from 'node:fs';
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
}

const ONE_YEAR = 'public, max-age=31536000, immutable';

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
        allowedPath: (pathname) => opts.serveSourceMaps || !pathname.endsWith('.map'),
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
      // Client-side routes (/profil/x, /404...) all load the app shell.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web' },
);
