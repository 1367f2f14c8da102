import { TRIP_TEXTS as T } from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { budgetedErrors, endpoint, memberErrors } from '../../lib/endpoint.js';
import { callerOf } from '../../plugins/auth.js';
import { actorOf } from '../administration/members.routes.js';
import type { OrganizersService } from './organizers.service.js';
import type { RegistrantsService } from './registrants.service.js';
import type { RegistrationsService } from './registrations.service.js';
import type { TripsService } from './trips.service.js';

const tags = ['déplacements'];
const errors = memberErrors;

/**
 * Issue 30, coach trips: every route for signed-in members; the rights on a trip (organiser
 * of its antenna, MODERATEUR+) are the services' business, the organisers' list is ADMIN only.
 */
export const tripsRoutes: FastifyPluginAsyncZod<{
  trips: TripsService;
  registrations: RegistrationsService;
  registrants: RegistrantsService;
  organizers: OrganizersService;
}> = async (app, { trips, registrations, registrants, organizers }) => {
  const auth = { onRequest: app.authenticate };
  const admin = { onRequest: app.requireRole('ADMIN') };
  /** The caller with the request's address, for the audit rows. */
  const actor = (req: Parameters<typeof callerOf>[0]) => ({ ...callerOf(req), ...actorOf(req) });

  app.route({
    ...endpoint('GET /deplacements', { tags, summary: 'Les cars d’un match', errors }),
    ...auth,
    handler: (req) => trips.list(callerOf(req), req.query.match_id),
  });
  app.route({
    ...endpoint('GET /deplacements/organisation', { tags, summary: 'Mes déplacements', errors }),
    ...auth,
    handler: (req) => trips.organization(callerOf(req)),
  });
  app.route({
    ...endpoint('POST /deplacements', { tags, summary: 'Créer un déplacement', errors }),
    ...auth,
    handler: async (req, reply) => reply.code(201).send(await trips.create(actor(req), req.body)),
  });
  app.route({
    // 429: a new departure tells every registrant, within the organiser's and the trip's budgets.
    ...endpoint('PUT /deplacements/:id', {
      tags,
      summary: 'Modifier un déplacement',
      errors: budgetedErrors,
    }),
    ...auth,
    handler: (req) => trips.update(actor(req), req.params.id, req.body),
  });
  app.route({
    ...endpoint('DELETE /deplacements/:id', { tags, summary: 'Annuler un déplacement', errors }),
    ...auth,
    handler: (req) => trips.cancel(actor(req), req.params.id),
  });

  app.route({
    ...endpoint('POST /deplacements/:id/inscriptions', {
      tags,
      summary: 'M’inscrire',
      errors: budgetedErrors,
    }),
    ...auth,
    handler: async (req, reply) =>
      reply.code(201).send(await registrations.register(callerOf(req).id, req.params.id, req.body)),
  });
  app.route({
    ...endpoint('DELETE /deplacements/:id/inscriptions/me', {
      tags,
      summary: 'Annuler mon inscription',
      errors,
    }),
    ...auth,
    handler: (req) => registrations.unregister(callerOf(req).id, req.params.id),
  });

  app.route({
    ...endpoint('GET /deplacements/:id/inscrits', {
      tags,
      summary: 'Liste d’embarquement',
      errors,
    }),
    ...auth,
    handler: (req) => registrants.list(callerOf(req), req.params.id),
  });
  app.route({
    ...endpoint('PATCH /deplacements/:id/inscrits/:userId', {
      tags,
      summary: 'Payé, présent',
      errors,
    }),
    ...auth,
    handler: (req) => registrants.mark(callerOf(req), req.params.id, req.params.userId, req.body),
  });
  app.route({
    ...endpoint('GET /deplacements/:id/inscrits.csv', {
      tags,
      summary: 'Liste d’embarquement (CSV)',
      produces: ['text/csv'],
    }),
    ...auth,
    handler: async (req, reply) => {
      const { fileName, body } = await registrants.csv(callerOf(req), req.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(body);
    },
  });

  app.route({
    ...endpoint('GET /administration/antennes/:id/organisateurs', {
      tags: ['administration'],
      summary: 'Organisateurs de l’antenne',
      errors,
    }),
    ...admin,
    handler: (req) => organizers.list(req.params.id),
  });
  app.route({
    ...endpoint('PUT /administration/antennes/:id/organisateurs', {
      tags: ['administration'],
      summary: T.organizersSaved,
      errors,
    }),
    ...admin,
    handler: (req) => organizers.replace(req.params.id, req.body.userIds, actorOf(req)),
  });
};
