import { MODERATION_TEXTS as M } from '@munegu/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, memberErrors as errors } from '../../lib/endpoint.js';
import { callerOf } from '../../plugins/auth.js';
import type { JournalService } from './journal.service.js';
import type { ModerationService } from './moderation.service.js';
import type { Actor, SanctionsService } from './sanctions.service.js';

const tags = ['modération'];

const actor = (req: FastifyRequest): Actor => {
  const { id, role } = callerOf(req);
  return { id, role, ip: req.ip };
};

/** Moderation (MODERATEUR and above). The audit log has a GET and nothing else, on purpose. */
export const moderationRoutes: FastifyPluginAsyncZod<{
  moderation: ModerationService;
  sanctions: SanctionsService;
  journal: JournalService;
}> = async (app, { moderation, sanctions, journal }) => {
  // onRequest: who is calling is settled before the body is parsed (401/403 first).
  const moderators = { onRequest: app.requireRole('MODERATEUR') };

  app.route({
    ...endpoint('GET /moderation/reports', { tags, summary: 'Signalements, récents d’abord' }),
    ...moderators,
    handler: (req) => moderation.reports(actor(req), req.query.status, req.query.page),
  });
  app.route({
    ...endpoint('POST /moderation/reports/:id/dismiss', { tags, summary: 'Classer', errors }),
    ...moderators,
    handler: async (req) => {
      await moderation.dismiss(actor(req), req.params.id, req.body.reason);
      return { message: M.dismissed };
    },
  });
  app.route({
    ...endpoint('POST /moderation/reports/:id/warn', {
      tags,
      summary: 'Avertir le membre signalé (mail)',
      errors,
    }),
    ...moderators,
    handler: async (req) => {
      await moderation.warn(actor(req), req.params.id, req.body.reason);
      return { message: M.warned };
    },
  });
  app.route({
    ...endpoint('POST /moderation/reports/:id/suspend', {
      tags,
      summary: 'Suspendre le membre signalé (1 à 365 jours)',
      errors,
    }),
    ...moderators,
    handler: (req) => moderation.sanction(actor(req), req.params.id, req.body),
  });
  app.route({
    ...endpoint('POST /moderation/reports/:id/ban', {
      tags,
      summary: 'Bannir le membre signalé',
      errors,
    }),
    ...moderators,
    handler: (req) =>
      moderation.sanction(actor(req), req.params.id, { reason: req.body.reason, days: null }),
  });
  app.route({
    ...endpoint('GET /moderation/users/suspended', {
      tags,
      summary: 'Membres suspendus, bannis ou réduits au silence',
    }),
    ...moderators,
    handler: (req) => sanctions.suspended(actor(req)),
  });
  app.route({
    ...endpoint('POST /moderation/users/:id/warn', {
      tags,
      summary: 'Avertir un membre sans signalement (mail)',
      errors,
    }),
    ...moderators,
    handler: async (req) => {
      await sanctions.warnMember(actor(req), req.params.id, req.body.reason);
      return { message: M.warned };
    },
  });
  app.route({
    ...endpoint('POST /moderation/users/:id/silence', {
      tags,
      summary: 'Réduire au silence (1 à 365 jours) : lit tout, n’écrit plus aux autres',
      errors,
    }),
    ...moderators,
    handler: (req) => sanctions.silence(actor(req), req.params.id, req.body),
  });
  app.route({
    ...endpoint('POST /moderation/users/:id/suspend', { tags, summary: 'Suspendre', errors }),
    ...moderators,
    handler: (req) => sanctions.sanction(actor(req), req.params.id, req.body),
  });
  app.route({
    ...endpoint('POST /moderation/users/:id/ban', { tags, summary: 'Bannir', errors }),
    ...moderators,
    handler: (req) =>
      sanctions.sanction(actor(req), req.params.id, { reason: req.body.reason, days: null }),
  });
  app.route({
    ...endpoint('POST /moderation/users/:id/lift', {
      tags,
      summary: 'Lever ce qui est en cours : suspension, bannissement, silence',
      errors,
    }),
    ...moderators,
    handler: async (req) => ({
      message: await sanctions.lift(actor(req), req.params.id, req.body.reason),
    }),
  });
  app.route({
    ...endpoint('GET /moderation/audit', {
      tags,
      summary: 'Journal des actions (lecture seule), filtrable par action, auteur, membre et dates',
    }),
    ...moderators,
    handler: (req) => journal.list(actor(req), req.query),
  });
};
