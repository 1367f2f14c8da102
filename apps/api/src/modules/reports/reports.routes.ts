import { errorBodySchema, REPORT_TEXTS } from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.js';
import type { ReportsService } from './reports.service.js';
import { endpoint } from '../../lib/endpoint.js';

export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (
  app,
  { reports },
) => {
  app.route({
    ...endpoint('POST /user-signalement', {
      tags: ['signalements'],
      summary: 'Signaler un membre (profil, covoiturage, message ou actualité)',
      errors: {
        400: errorBodySchema,
        401: errorBodySchema,
        404: errorBodySchema,
        429: errorBodySchema,
      },
    }),
    onRequest: app.authenticate,
    handler: async (req) => {
      const outcome = await reports.report(callerOf(req).id, req.body);
      if (outcome === 'stored') return { message: REPORT_TEXTS.sent };
      const aboutMessage = req.body.section === 'message';
      return { message: aboutMessage ? REPORT_TEXTS.alreadyOpenMessage : REPORT_TEXTS.alreadyOpen };
    },
  });
};
