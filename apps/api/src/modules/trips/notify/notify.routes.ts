import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { budgetedErrors, endpoint } from '../../../lib/endpoint.js';
import { callerOf } from '../../../plugins/auth.js';
import type { AnnouncementsService } from './announcements.service.js';

/** Issue 30: the organisers' announcements (the rest of /deplacements is the trips module's). */
export const notifyRoutes: FastifyPluginAsyncZod<{ announcements: AnnouncementsService }> = async (
  app,
  { announcements },
) => {
  app.route({
    ...endpoint('POST /deplacements/:id/annonces', {
      tags: ['deplacements'],
      summary: 'Annonce des organisateurs aux inscrits confirmés (fil du car et notification)',
      errors: budgetedErrors,
    }),
    onRequest: app.authenticate,
    handler: async (req, reply) => {
      const message = await announcements.announce(callerOf(req), req.params.id, req.body.content);
      return reply.code(201).send(message);
    },
  });
};
