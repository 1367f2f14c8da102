import {
  errorBodySchema,
  messageResponseSchema,
  REPORT_MESSAGES,
  reportRequestSchema,
} from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.js';
import type { ReportsService } from './reports.service.js';

export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (
  app,
  { reports },
) => {
  app.post(
    '/user-signalement',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['signalements'],
        summary: 'Signaler un membre (profil, covoiturage, message ou actualité)',
        body: reportRequestSchema,
        response: {
          200: messageResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (req) => {
      await reports.report(callerOf(req).id, req.body);
      return { message: REPORT_MESSAGES.sent };
    },
  );
};
