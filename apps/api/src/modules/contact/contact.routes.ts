import {
  CONTACT_SUCCESS_MESSAGE,
  contactRequestSchema,
  errorBodySchema,
  messageResponseSchema,
} from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContactService } from './contact.service.js';

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (
  app,
  { contact },
) => {
  app.post(
    '/contact',
    {
      // Each message lands in the association's mailbox: a tight per-IP budget against spam.
      config: { rateLimit: app.rateBudgets.contact },
      schema: {
        tags: ['contact'],
        summary: "Envoyer un message à l'association",
        body: contactRequestSchema,
        response: { 200: messageResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (req) => {
      await contact.submit(req.body, { ip: req.ip, userId: null });
      return { message: CONTACT_SUCCESS_MESSAGE };
    },
  );
};
