import { GROUP_TEXTS as G } from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.js';
import { budgetedErrors, endpoint, memberErrors } from '../../lib/endpoint.js';
import type { GroupsService } from './groups.service.js';

const errors = memberErrors;
const tags = ['messages'];

/** Issue 30, '/messages/groupes*': a signed-in member, and a current member of the group. */
export const groupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (
  app,
  { groups },
) => {
  const auth = { onRequest: app.authenticate };

  app.route({
    ...endpoint('GET /messages/groupes', { tags, summary: 'Mes groupes', errors }),
    ...auth,
    handler: async (req) => groups.list(callerOf(req).id),
  });

  app.route({
    ...endpoint('GET /messages/groupes/:id', {
      tags,
      summary: 'Les 20 derniers messages du groupe (offset : les plus anciens)',
      errors,
    }),
    ...auth,
    handler: async (req) => groups.messages(callerOf(req).id, req.params.id, req.query.offset),
  });

  app.route({
    ...endpoint('POST /messages/groupes/:id', {
      tags,
      summary: 'Écrire au groupe',
      errors: budgetedErrors,
    }),
    ...auth,
    handler: async (req, reply) => {
      const message = await groups.send(callerOf(req).id, req.params.id, req.body);
      return reply.code(201).send(message);
    },
  });

  app.route({
    ...endpoint('PATCH /messages/groupes/:id/mark-read', {
      tags,
      summary: 'Marquer le groupe comme lu',
      errors,
    }),
    ...auth,
    handler: async (req) => {
      await groups.markRead(callerOf(req).id, req.params.id);
      return { message: G.markedRead };
    },
  });
};
