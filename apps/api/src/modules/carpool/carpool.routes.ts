import { ACTIVE_CARPOOL_STATUSES, CARPOOL_TEXTS as M, CARPOOL_STATUS as S } from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, memberErrors } from '../../lib/endpoint.js';
import { callerOf } from '../../plugins/auth.js';
import type { MapService } from './map.service.js';
import type { NotificationsService } from './notifications.service.js';
import type { PresenceService } from './presence.service.js';
import type { RatingsService } from './ratings.service.js';
import type { RelationsService } from './relations.service.js';
import type { StadiumService } from './stadium.service.js';

export interface CarpoolRouteDeps {
  presence: PresenceService;
  relations: RelationsService;
  map: MapService;
  notifications: NotificationsService;
  ratings: RatingsService;
  stadium: StadiumService;
}

const errors = memberErrors;

/**
 * Spec section 7: presence, carpool relations, notifications and ratings. Every route but the
 * public stadium record needs a signed-in member; authentication runs before the body is
 * validated, so an anonymous caller always gets 401.
 */
export const carpoolRoutes: FastifyPluginAsyncZod<CarpoolRouteDeps> = async (app, deps) => {
  const { presence, relations, map, notifications, ratings, stadium } = deps;
  const auth = { onRequest: app.authenticate };
  const me = (req: Parameters<typeof callerOf>[0]) => callerOf(req).id;
  let tags = ['présence'];

  app.route({
    ...endpoint('POST /user-transport', { tags, summary: 'Déclarer son transport', errors }),
    ...auth,
    handler: (req) => presence.savePresence(me(req), req.body),
  });
  app.route({
    ...endpoint('POST /user-recherche', { tags, summary: 'Chercher un covoiturage', errors }),
    ...auth,
    handler: (req) => presence.saveSearch(me(req), req.body),
  });
  app.route({
    ...endpoint('GET /user-transport/me', { tags, summary: 'Mon transport pour un match', errors }),
    ...auth,
    handler: (req) => presence.presence(me(req), req.query.match_id),
  });
  app.route({
    ...endpoint('GET /user-recherche/me', { tags, summary: 'Ma recherche pour un match', errors }),
    ...auth,
    handler: (req) => presence.search(me(req), req.query.match_id),
  });
  app.route({
    ...endpoint('POST /user-transport/modifier-places-dispo', {
      tags,
      summary: 'Places libres du conducteur (0 à 15)',
      errors,
    }),
    ...auth,
    handler: (req) => presence.setPlaces(me(req), req.body.match_id, req.body.places_dispo),
  });
  app.route({
    ...endpoint('GET /users/has-already-answered', { tags, summary: 'Réponse donnée ?', errors }),
    ...auth,
    handler: (req) => presence.answered(me(req), req.query.match_id),
  });
  app.route({
    ...endpoint('GET /users/infos-utilisateur', {
      tags,
      summary: 'Ma réponse pour un match',
      errors,
    }),
    ...auth,
    handler: (req) => presence.info(me(req), req.query.match_id),
  });
  app.route({
    ...endpoint('DELETE /users/delete-presence-match', {
      tags,
      summary: 'Retirer sa présence',
      errors,
    }),
    ...auth,
    handler: (req) => presence.remove(me(req), req.query.match_id),
  });
  app.route({
    ...endpoint('POST /users/my-covoiturage', {
      tags,
      summary: 'Matchs au stade et covoiturages passés d’un membre (public)',
    }),
    handler: (req) => stadium.of(req.body.publicId ?? req.body.userId ?? ''),
  });

  tags = ['munegumap'];
  app.route({
    ...endpoint('GET /users/departements-disponibles', {
      tags,
      summary: 'Départements avec des supporters (« <3 » sous trois)',
      errors,
    }),
    ...auth,
    handler: (req) => map.departments(me(req), req.query.match_id),
  });
  app.route({
    ...endpoint('GET /users/supporters-par-departement-detail', {
      tags,
      summary: 'Supporters d’un département pour un match',
      errors,
    }),
    ...auth,
    handler: (req) => map.supporters(me(req), req.query.match_id, req.query.departement),
  });

  tags = ['covoiturage'];
  app.route({
    ...endpoint('POST /user-to-user-match', {
      tags,
      summary: 'Demander (2) ou proposer (1) un covoiturage',
      errors,
    }),
    ...auth,
    handler: async (req, reply) => {
      const relation = await relations.create(me(req), req.body);
      const kind = req.body.statut_id === 2 ? 'demande' : 'proposition';
      reply.code(201);
      return { message: M.sent(kind, relation.user2.username), relation };
    },
  });
  app.route({
    ...endpoint('POST /user-to-user-match/confirm-covoiturage', {
      tags,
      summary: 'Accepter (destinataire seulement)',
      errors,
    }),
    ...auth,
    handler: async (req) => {
      await relations.confirm(me(req), req.body);
      return { message: M.confirmed };
    },
  });
  app.route({
    ...endpoint('POST /user-to-user-match/refus-covoiturage', {
      tags,
      summary: 'Refuser (destinataire seulement)',
      errors,
    }),
    ...auth,
    handler: async (req) => {
      await relations.refuse(me(req), req.body);
      return { message: M.refused };
    },
  });
  app.route({
    ...endpoint('POST /user-to-user-match/annuler-covoiturage', {
      tags,
      summary: 'Annuler avec un motif (et signaler)',
      errors,
    }),
    ...auth,
    handler: async (req) => {
      const { reported } = await relations.cancel(me(req), req.body);
      return { message: reported ? M.actionWithReportDone : M.actionDone };
    },
  });
  app.route({
    ...endpoint('POST /user-to-user-match/exclure-covoiturage', {
      tags,
      summary: 'Exclure un passager (conducteur seulement)',
      errors,
    }),
    ...auth,
    handler: async (req) => {
      await relations.exclude(me(req), req.body);
      return { message: M.actionDone };
    },
  });
  app.route({
    ...endpoint('GET /user-to-user-match/confirmes', {
      tags,
      summary: 'Mes covoiturages confirmés',
      errors,
    }),
    ...auth,
    handler: (req) => relations.mine(me(req), req.query.match_id, [S.CONFIRME]),
  });
  app.route({
    ...endpoint('GET /user-to-user-match/mes-relations', {
      tags,
      summary: 'Mes demandes et covoiturages d’un match',
      errors,
    }),
    ...auth,
    handler: (req) => relations.mine(me(req), req.query.match_id, ACTIVE_CARPOOL_STATUSES),
  });
  app.route({
    ...endpoint('GET /user-to-user-match/is-confirmed', {
      tags,
      summary: 'Covoiturage confirmé ?',
      errors,
    }),
    ...auth,
    handler: (req) => map.isConfirmed(me(req), req.query.match_id),
  });
  app.route({
    ...endpoint('GET /user-to-user-match/mon-covoiturage-confirme', {
      tags,
      summary: 'Mon covoiturage : conducteur et passagers',
      errors,
    }),
    ...auth,
    handler: (req) => map.confirmed(me(req), req.query.match_id),
  });
  for (const kind of ['annulation', 'exclusion'] as const) {
    app.route({
      ...endpoint(`POST /user-${kind}/motif-libelle`, {
        tags,
        summary: `Motif d’${kind} donné par l’autre membre`,
        errors,
      }),
      ...auth,
      handler: (req) => relations.reasonLabel(me(req), kind, req.body),
    });
  }
  app.route({
    ...endpoint('POST /user-notation-covoiturage/bulk', {
      tags,
      summary: 'Noter son covoiturage (match terminé)',
      errors,
    }),
    ...auth,
    handler: (req) => ratings.rate(me(req), req.body),
  });

  tags = ['notifications'];
  app.route({
    ...endpoint('GET /user-notification/me', { tags, summary: 'Mes notifications', errors }),
    ...auth,
    handler: (req) => notifications.list(me(req)),
  });
  app.route({
    ...endpoint('GET /notification-covoiturage/:id', {
      tags,
      summary: 'Détail d’une notification (la marque lue)',
      errors,
    }),
    ...auth,
    handler: (req) => notifications.detail(me(req), req.params.id),
  });
  app.route({
    ...endpoint('POST /user-notification/read', {
      tags,
      summary: 'Marquer lue une notification sans popup',
      errors,
    }),
    ...auth,
    handler: async (req) => {
      await notifications.markRead(me(req), req.body.notifId);
      return { message: 'Notification lue.' };
    },
  });
  app.route({
    ...endpoint('POST /user-notification/delete', {
      tags,
      summary: 'Supprimer une notification',
      errors,
    }),
    ...auth,
    handler: async (req) => {
      await notifications.remove(me(req), req.body.notifId);
      return { message: 'Notification supprimée.' };
    },
  });
};
