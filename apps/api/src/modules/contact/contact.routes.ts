import { CONTACT_SUCCESS_MESSAGE, errorBodySchema } from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContactService } from './contact.service.js';
import { endpoint } from '../../lib/endpoint.js';

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (
  app,
  { contact },
) => {
  app.route({
    ...endpoint('POST /contact', {
      tags: ['contact'],
      summary: "Envoyer un message à l'association",
      errors: { 400: errorBodySchema, 429: errorBodySchema },
    }),
    // Each message lands in the association's mailbox: a tight per-IP budget against spam.
    config: { rateLimit: app.rateBudgets.contact },
    // Anyone may write; a signed-in member's message is linked to the account, so their export
    // lists it and their deletion erases it, whatever address they typed.
    onRequest: app.optionalAuth,
    handler: async (req) => {
      await contact.submit(req.body, { ip: req.ip, userId: req.caller?.id ?? null });
      return { message: CONTACT_SUCCESS_MESSAGE };
    },
  });
};
