import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, memberErrors } from '../../lib/endpoint.js';
import { callerOf } from '../../plugins/auth.js';
import type { Actor } from '../../db/audit.js';
import type { MembersService } from './members.service.js';
import type { TitlesService } from './titles.service.js';

const tags = ['administration'];
const errors = memberErrors;
export const actorOf = (req: FastifyRequest): Actor => ({ id: callerOf(req).id, ip: req.ip });

/** Members' roles, poste and titles, and the titles themselves: ADMIN only. */
export const membersRoutes: FastifyPluginAsyncZod<{
  members: MembersService;
  titles: TitlesService;
}> = async (app, { members, titles }) => {
  const admin = { onRequest: app.requireRole('ADMIN') };

  app.route({
    ...endpoint('GET /administration/membres', { tags, summary: 'Chercher un membre', errors }),
    ...admin,
    handler: (req) => members.search(req.query.q),
  });
  app.route({
    ...endpoint('GET /administration/membres/:id', { tags, summary: 'Fiche membre', errors }),
    ...admin,
    handler: (req) => members.detail(req.params.id),
  });
  app.route({
    ...endpoint('PUT /administration/membres/:id/role', {
      tags,
      summary: 'Changer le rôle (le dernier administrateur actif reste ADMIN)',
      errors,
    }),
    ...admin,
    handler: (req) => members.setRole(req.params.id, req.body.role, actorOf(req)),
  });
  app.route({
    ...endpoint('PUT /administration/membres/:id/poste', { tags, summary: 'Poste', errors }),
    ...admin,
    handler: (req) => members.setPosition(req.params.id, req.body.poste, actorOf(req)),
  });
  app.route({
    ...endpoint('POST /administration/membres/:id/titres', {
      tags,
      summary: 'Attribuer un titre',
      errors,
    }),
    ...admin,
    handler: (req) => members.grantTitle(req.params.id, req.body.title_id, actorOf(req)),
  });
  app.route({
    ...endpoint('DELETE /administration/membres/:id/titres/:titleId', {
      tags,
      summary: 'Retirer un titre',
      errors,
    }),
    ...admin,
    handler: (req) => members.removeTitle(req.params.id, req.params.titleId, actorOf(req)),
  });

  app.route({
    ...endpoint('GET /administration/titres', { tags, summary: 'Titres', errors }),
    ...admin,
    handler: () => titles.list(),
  });
  app.route({
    ...endpoint('POST /administration/titres', { tags, summary: 'Créer un titre', errors }),
    ...admin,
    handler: async (req, reply) =>
      reply.code(201).send(await titles.create(req.body, actorOf(req))),
  });
  app.route({
    ...endpoint('PUT /administration/titres/:id', { tags, summary: 'Modifier un titre', errors }),
    ...admin,
    handler: (req) => titles.update(req.params.id, req.body, actorOf(req)),
  });
  app.route({
    ...endpoint('DELETE /administration/titres/:id', {
      tags,
      summary: 'Supprimer un titre (retiré à ses titulaires)',
      errors,
    }),
    ...admin,
    handler: (req) => titles.remove(req.params.id, actorOf(req)),
  });
};
