import {
  conversationDetailSchema,
  conversationIdParamSchema,
  conversationListSchema,
  conversationUserParamSchema,
  errorBodySchema,
  idParamSchema,
  loadMoreQuerySchema,
  messageResponseSchema,
  messagesPageSchema,
  MESSAGING_MESSAGES as M,
  sendMessageResponseSchema,
  sendMessageSchema,
  unreadCountSchema,
} from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.js';
import type { MessagesService } from './messages.service.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['messages'];

/** Spec section 7, '/messages/*': every route needs a signed-in member. */
export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (
  app,
  { messages },
) => {
  const auth = { preHandler: app.authenticate };

  app.get(
    '/messages/unread-count',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Messages non lus',
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (req) => messages.unreadCount(callerOf(req).id),
  );

  app.get(
    '/messages/conversations',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Mes conversations',
        response: { 200: conversationListSchema, ...errors },
      },
    },
    async (req) => messages.conversations(callerOf(req).id),
  );

  app.get(
    '/messages/conversation/:userId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Les 20 derniers messages avec un membre et l’état de la conversation',
        params: conversationUserParamSchema,
        response: { 200: conversationDetailSchema, ...errors },
      },
    },
    async (req) => messages.conversationWith(callerOf(req).id, req.params.userId),
  );

  app.get(
    '/messages/conversation/:id/load-more',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Les 20 messages plus anciens',
        params: idParamSchema,
        querystring: loadMoreQuerySchema,
        response: { 200: messagesPageSchema, ...errors },
      },
    },
    async (req) => messages.loadMore(callerOf(req).id, req.params.id, req.query.offset),
  );

  app.post(
    '/messages/send',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Envoyer un message',
        body: sendMessageSchema,
        response: { 200: sendMessageResponseSchema, ...errors },
      },
    },
    async (req) => messages.send(callerOf(req).id, req.body.toUserId, req.body.content),
  );

  app.post(
    '/messages/accept/:conversationId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Accepter une demande de message (destinataire seulement)',
        params: conversationIdParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await messages.accept(callerOf(req).id, req.params.conversationId);
      return { message: M.accepted };
    },
  );

  const action = (
    suffix: string,
    summary: string,
    run: (callerId: number, id: number) => Promise<void>,
    done: string,
  ) =>
    app.patch(
      `/messages/conversation/:id/${suffix}`,
      {
        ...auth,
        schema: {
          tags,
          summary,
          params: idParamSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (req) => {
        await run(callerOf(req).id, req.params.id);
        return { message: done };
      },
    );
  action('mark-read', 'Marquer la conversation comme lue', messages.markRead, M.markedRead);
  action('block', 'Bloquer la conversation', messages.block, M.blockedDone);
  action(
    'unblock',
    'Débloquer la conversation (celui qui a bloqué)',
    messages.unblock,
    M.unblocked,
  );
};
