import { errorBodySchema, PUSH_TEXTS as M } from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import { callerOf } from '../../plugins/auth.js';
import type { PushService } from './push.service.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/** This device's push subscription and the member's choices; a signed-in member only. */
export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  // onRequest: an anonymous caller gets 401 before its body is even parsed or validated.
  const auth = { onRequest: app.authenticate };
  const tags = ['push'];

  app.route({
    ...endpoint('GET /push/public-key', {
      tags,
      summary: 'Clé VAPID publique (null : notifications push désactivées)',
      errors,
    }),
    ...auth,
    handler: async () => push.publicKey(),
  });

  app.route({
    ...endpoint('POST /push/subscriptions', {
      tags,
      summary: 'Abonne cet appareil (service push autorisé, https) pour cette connexion',
      errors,
    }),
    ...auth,
    handler: async (req, reply) => {
      await push.subscribe(callerOf(req), req.body);
      return reply.status(201).send({ message: M.subscribed });
    },
  });

  app.route({
    ...endpoint('DELETE /push/subscriptions', { tags, summary: 'Désabonne cet appareil', errors }),
    ...auth,
    handler: async (req) => {
      await push.unsubscribe(callerOf(req).id, req.body.endpoint);
      return { message: M.unsubscribed };
    },
  });

  app.route({
    ...endpoint('GET /push/preferences', { tags, summary: 'Ce que le membre reçoit', errors }),
    ...auth,
    handler: async (req) => push.preferences(callerOf(req).id),
  });

  app.route({
    ...endpoint('PUT /push/preferences', { tags, summary: 'Choisit ce qu’il reçoit', errors }),
    ...auth,
    handler: async (req) => push.setPreferences(callerOf(req).id, req.body),
  });
};
