import { MESSAGING_TEXTS as M } from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.js';
import type { MessagesService } from './messages.service.js';
import { endpoint, memberErrors } from '../../lib/endpoint.js';

const errors = memberErrors;
const tags = ['messages'];

/** Spec section 7, '/messages/*': every route needs a signed-in member. */
export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (
  app,
  { messages },
) => {
  const auth = { onRequest: app.authenticate };

  app.route({
    ...endpoint('GET /messages/unread-count', { tags, summary: 'Messages non lus', errors }),
    ...auth,
    handler: async (req) => messages.unreadCount(callerOf(req).id),
  });

  app.route({
    ...endpoint('GET /messages/conversations', { tags, summary: 'Mes conversations', errors }),
    ...auth,
    handler: async (req) => messages.conversations(callerOf(req).id),
  });

  app.route({
    ...endpoint('GET /messages/conversation/:userId', {
      tags,
      summary: 'Les 20 derniers messages avec un membre et l’état de la conversation',
      errors,
    }),
    ...auth,
    handler: async (req) => messages.conversationWith(callerOf(req).id, req.params.userId),
  });

  app.route({
    ...endpoint('GET /messages/conversation/:id/load-more', {
      tags,
      summary: 'Les 20 messages plus anciens',
      errors,
    }),
    ...auth,
    handler: async (req) => messages.loadMore(callerOf(req).id, req.params.id, req.query.offset),
  });

  app.route({
    ...endpoint('POST /messages/send', { tags, summary: 'Envoyer un message', errors }),
    ...auth,
    handler: async (req) => messages.send(callerOf(req).id, req.body),
  });

  app.route({
    ...endpoint('POST /messages/accept/:conversationId', {
      tags,
      summary: 'Accepter une demande de message (destinataire seulement)',
      errors,
    }),
    ...auth,
    handler: async (req) => {
      await messages.accept(callerOf(req).id, req.params.conversationId);
      return { message: M.accepted };
    },
  });

  const action = (
    key: `PATCH /messages/conversation/:id/${'mark-read' | 'block' | 'unblock'}`,
    summary: string,
    run: (callerId: number, id: number) => Promise<void>,
    done: string,
  ) =>
    app.route({
      ...endpoint(key, { tags, summary, errors }),
      ...auth,
      handler: async (req) => {
        await run(callerOf(req).id, req.params.id);
        return { message: done };
      },
    });
  action(
    'PATCH /messages/conversation/:id/mark-read',
    'Marquer la conversation comme lue',
    messages.markRead,
    M.markedRead,
  );
  action(
    'PATCH /messages/conversation/:id/block',
    'Bloquer la conversation',
    messages.block,
    M.blockedDone,
  );
  action(
    'PATCH /messages/conversation/:id/unblock',
    'Débloquer la conversation (celui qui a bloqué)',
    messages.unblock,
    M.unblocked,
  );
};
