import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { callerOf } from '../../plugins/auth.js';
import { readImageUpload } from '../../lib/uploads.js';
import type { ClubsService } from './clubs.service.js';
import { endpoint } from '../../lib/endpoint.js';
import { acceptUploads } from '../../plugins/uploads.js';

export const clubsRoutes: FastifyPluginAsyncZod<{ clubs: ClubsService }> = async (
  app,
  { clubs },
) => {
  // This module's routes take file uploads (multipart bodies).
  await acceptUploads(app);
  app.route({
    ...endpoint('GET /club/:id', { tags: ['matchs'], summary: 'Un club' }),
    handler: (req) => clubs.byId(req.params.id),
  });

  const operator = { onRequest: app.requireRole('MODERATEUR') };
  const tags = ['admin'];
  const actor = (req: Parameters<typeof callerOf>[0]) => ({ id: callerOf(req).id, ip: req.ip });

  app.route({
    ...endpoint('GET /admin/clubs', { tags, summary: 'Tous les clubs' }),
    ...operator,
    handler: () => clubs.list(),
  });
  app.route({
    ...endpoint('POST /admin/clubs', { tags, summary: 'Créer un club' }),
    ...operator,
    handler: async (req, reply) => reply.code(201).send(await clubs.create(req.body, actor(req))),
  });
  app.route({
    ...endpoint('PUT /admin/clubs/:id', { tags, summary: 'Modifier un club' }),
    ...operator,
    handler: (req) => clubs.update(req.params.id, req.body, actor(req)),
  });
  app.route({
    ...endpoint('POST /admin/clubs/:id/logo', {
      tags,
      summary: 'Blason du club (multipart `file`, PNG, JPEG ou WEBP)',
      consumes: ['multipart/form-data'],
    }),
    ...operator,
    handler: async (req) => {
      const bytes = await readImageUpload(req, 'clubLogo');
      return clubs.setLogo(req.params.id, bytes, actor(req));
    },
  });
};
