import {
  adminClubInputSchema,
  adminClubSchema,
  clubDetailSchema,
  idParamSchema,
} from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.js';
import { readImageUpload } from '../../lib/uploads.js';
import type { ClubsService } from './clubs.service.js';

export const clubsRoutes: FastifyPluginAsyncZod<{ clubs: ClubsService }> = async (
  app,
  { clubs },
) => {
  app.get(
    '/club/:id',
    {
      schema: {
        tags: ['matchs'],
        summary: 'Un club',
        params: idParamSchema,
        response: { 200: clubDetailSchema },
      },
    },
    (req) => clubs.byId(req.params.id),
  );

  const operator = { onRequest: app.requireRole('MODERATEUR') };
  const tags = ['admin'];
  const actor = (req: Parameters<typeof callerOf>[0]) => ({ id: callerOf(req).id, ip: req.ip });

  app.get(
    '/admin/clubs',
    {
      ...operator,
      schema: { tags, summary: 'Tous les clubs', response: { 200: z.array(adminClubSchema) } },
    },
    () => clubs.list(),
  );
  app.post(
    '/admin/clubs',
    {
      ...operator,
      schema: {
        tags,
        summary: 'Créer un club',
        body: adminClubInputSchema,
        response: { 201: adminClubSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await clubs.create(req.body, actor(req))),
  );
  app.put(
    '/admin/clubs/:id',
    {
      ...operator,
      schema: {
        tags,
        summary: 'Modifier un club',
        params: idParamSchema,
        body: adminClubInputSchema,
        response: { 200: adminClubSchema },
      },
    },
    (req) => clubs.update(req.params.id, req.body, actor(req)),
  );
  app.post(
    '/admin/clubs/:id/logo',
    {
      ...operator,
      schema: {
        tags,
        summary: 'Blason du club (multipart `file`, PNG, JPEG ou WEBP)',
        params: idParamSchema,
        consumes: ['multipart/form-data'],
        response: { 200: adminClubSchema },
      },
    },
    async (req) => {
      const bytes = await readImageUpload(req, 'clubLogo');
      return clubs.setLogo(req.params.id, bytes, actor(req));
    },
  );
};
