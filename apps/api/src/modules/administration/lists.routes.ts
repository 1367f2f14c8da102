import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, memberErrors } from '../../lib/endpoint.js';
import type { ListsService } from './lists.service.js';
import { actorOf } from './members.routes.js';
import type { ReasonsService } from './reasons.service.js';
import type { SiteService } from './site.service.js';

const tags = ['administration'];
const errors = memberErrors;

/**
 * Reference lists (antennas, transport modes, reasons, news categories), the partner offer and the clubs' live
 * feeds: ADMIN only, except the public reads of the operator's content and the partner offer.
 */
export const listsRoutes: FastifyPluginAsyncZod<{
  lists: ListsService;
  reasons: ReasonsService;
  site: SiteService;
}> = async (app, { lists, reasons, site }) => {
  const admin = { onRequest: app.requireRole('ADMIN') };

  app.route({
    ...endpoint('GET /site', { tags: ['référentiels'], summary: 'Contenu de l’exploitant' }),
    handler: () => site.info(),
  });
  app.route({
    ...endpoint('GET /site/partner', { tags: ['référentiels'], summary: 'Offre partenaire' }),
    handler: () => site.partner(),
  });
  app.route({
    ...endpoint('PUT /administration/partner', { tags, summary: 'Offre partenaire', errors }),
    ...admin,
    handler: (req) => site.setPartner(req.body, actorOf(req)),
  });
  app.route({
    ...endpoint('GET /administration/clubs', { tags, summary: 'Directs des clubs', errors }),
    ...admin,
    handler: () => site.clubs(),
  });
  app.route({
    ...endpoint('PUT /administration/clubs/:id/live-feed', { tags, summary: 'Direct', errors }),
    ...admin,
    handler: (req) => site.setLiveFeed(req.params.id, req.body.live_feed_url, actorOf(req)),
  });

  app.route({
    ...endpoint('GET /administration/antennes', { tags, summary: 'Antennes', errors }),
    ...admin,
    handler: () => lists.antennas(),
  });
  app.route({
    ...endpoint('POST /administration/antennes', { tags, summary: 'Créer', errors }),
    ...admin,
    handler: async (req, reply) =>
      reply.code(201).send(await lists.saveAntenna(null, req.body, actorOf(req))),
  });
  app.route({
    ...endpoint('PUT /administration/antennes/:id', { tags, summary: 'Modifier', errors }),
    ...admin,
    handler: (req) => lists.saveAntenna(req.params.id, req.body, actorOf(req)),
  });
  app.route({
    ...endpoint('DELETE /administration/antennes/:id', {
      tags,
      summary: 'Supprimer (refusé si utilisée)',
      errors,
    }),
    ...admin,
    handler: (req) => lists.removeAntenna(req.params.id, actorOf(req)),
  });

  app.route({
    ...endpoint('GET /administration/transports', { tags, summary: 'Modes de transport', errors }),
    ...admin,
    handler: () => lists.transports(),
  });
  app.route({
    ...endpoint('POST /administration/transports', { tags, summary: 'Ajouter un mode', errors }),
    ...admin,
    handler: async (req, reply) =>
      reply.code(201).send(await lists.saveTransport(null, req.body.libelle, actorOf(req))),
  });
  app.route({
    ...endpoint('PUT /administration/transports/:id', {
      tags,
      summary: 'Renommer (les six modes du cahier des charges exceptés)',
      errors,
    }),
    ...admin,
    handler: (req) => lists.saveTransport(req.params.id, req.body.libelle, actorOf(req)),
  });
  app.route({
    ...endpoint('DELETE /administration/transports/:id', {
      tags,
      summary: 'Supprimer (refusé si utilisé, et pour les six modes du cahier des charges)',
      errors,
    }),
    ...admin,
    handler: (req) => lists.removeTransport(req.params.id, actorOf(req)),
  });

  app.route({
    ...endpoint('GET /administration/motifs', { tags, summary: 'Tous les motifs', errors }),
    ...admin,
    handler: () => reasons.all(),
  });
  app.route({
    ...endpoint('POST /administration/motifs', { tags, summary: 'Ajouter un motif', errors }),
    ...admin,
    handler: async (req, reply) =>
      reply.code(201).send(await reasons.create(req.body, actorOf(req))),
  });
  app.route({
    ...endpoint('PUT /administration/motifs/ordre', { tags, summary: 'Réordonner', errors }),
    ...admin,
    handler: (req) => reasons.reorder(req.body, actorOf(req)),
  });
  app.route({
    ...endpoint('PUT /administration/motifs/:id', { tags, summary: 'Renommer', errors }),
    ...admin,
    handler: (req) => reasons.rename(req.params.id, req.body.label, actorOf(req)),
  });
  app.route({
    ...endpoint('DELETE /administration/motifs/:id', { tags, summary: 'Supprimer', errors }),
    ...admin,
    handler: (req) => reasons.remove(req.params.id, actorOf(req)),
  });

  app.route({
    ...endpoint('GET /administration/categories-actualite', {
      tags,
      summary: 'Catégories',
      errors,
    }),
    ...admin,
    handler: () => lists.categories(),
  });
  app.route({
    ...endpoint('POST /administration/categories-actualite', { tags, summary: 'Créer', errors }),
    ...admin,
    handler: async (req, reply) =>
      reply.code(201).send(await lists.saveCategory(null, req.body.libelle, actorOf(req))),
  });
  app.route({
    ...endpoint('PUT /administration/categories-actualite/:id', {
      tags,
      summary: 'Renommer',
      errors,
    }),
    ...admin,
    handler: (req) => lists.saveCategory(req.params.id, req.body.libelle, actorOf(req)),
  });
  app.route({
    ...endpoint('DELETE /administration/categories-actualite/:id', {
      tags,
      summary: 'Supprimer (TOUT, AUTRE et catégories utilisées refusées)',
      errors,
    }),
    ...admin,
    handler: (req) => lists.removeCategory(req.params.id, actorOf(req)),
  });
};
