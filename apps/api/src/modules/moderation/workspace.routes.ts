import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, memberErrors as errors } from '../../lib/endpoint.js';
import { callerOf } from '../../plugins/auth.js';
import type { Actor } from './sanctions.service.js';
import type { WorkspaceService } from './workspace.service.js';

const tags = ['modération'];

const actor = (req: FastifyRequest): Actor => {
  const { id, role } = callerOf(req);
  return { id, role, ip: req.ip };
};

/** The moderators' workspace (MODERATEUR and above): reads only, the writes are the sanctions'. */
export const workspaceRoutes: FastifyPluginAsyncZod<{ workspace: WorkspaceService }> = async (
  app,
  { workspace },
) => {
  const moderators = { onRequest: app.requireRole('MODERATEUR') };

  app.route({
    ...endpoint('GET /moderation/queue', {
      tags,
      summary: 'Signalements ouverts, regroupés par membre signalé',
    }),
    ...moderators,
    handler: (req) => workspace.queue(actor(req), req.query.page),
  });
  app.route({
    ...endpoint('GET /moderation/reports/count', {
      tags,
      summary: 'Nombre de signalements ouverts (pastille de la navigation)',
    }),
    ...moderators,
    handler: (req) => workspace.openCount(actor(req)),
  });
  app.route({
    ...endpoint('GET /moderation/users', {
      tags,
      summary: 'Chercher un membre (début du pseudo ou de l’e-mail)',
      errors,
    }),
    ...moderators,
    handler: (req) => workspace.search(actor(req), req.query.q),
  });
  app.route({
    ...endpoint('GET /moderation/users/:id', {
      tags,
      summary: 'Fiche de modération d’un membre',
      errors,
    }),
    ...moderators,
    handler: (req) => workspace.member(actor(req), req.params.id),
  });
};
