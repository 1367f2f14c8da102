import {
  text,
  ACCOUNT_MESSAGES,
  checkTokenQuerySchema,
  checkTokenResponseSchema,
  checkUsernameQuerySchema,
  errorBodySchema,
  messageResponseSchema,
  passwordResetRequestSchema,
  registrationSchema,
  resetPasswordSchema,
  stopNotifResponseSchema,
  stopNotifSchema,
} from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountService } from './account.service.js';
import type { PrivacyService } from './privacy.service.js';

const tokenParams = z.object({ token: text().min(1).max(128) });
const errors = { 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

/** Public account routes: registration, e-mailed links and password reset (spec section 7). */
export const accountRoutes: FastifyPluginAsyncZod<{
  account: AccountService;
  privacy: Pick<PrivacyService, 'confirmDelete'>;
}> = async (app, { account, privacy }) => {
  app.post(
    '/users',
    {
      config: { rateLimit: app.rateBudgets.registration },
      schema: {
        tags: ['account'],
        summary: 'Inscription (compte PENDING + mail de confirmation)',
        body: registrationSchema,
        response: { 201: messageResponseSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (req, reply) => {
      await account.register(req.body);
      return reply.code(201).send({ message: ACCOUNT_MESSAGES.registered });
    },
  );

  app.get(
    '/users/check-username',
    {
      schema: {
        tags: ['account'],
        querystring: checkUsernameQuerySchema,
        response: { 200: z.object({ taken: z.boolean() }), ...errors },
      },
    },
    async (req) => ({ taken: await account.pseudoTaken(req.query.username) }),
  );

  app.get(
    '/users/confirm-email/:token',
    {
      schema: {
        tags: ['account'],
        summary: 'Confirme une inscription ou un changement d’adresse',
        params: tokenParams,
        response: { 200: messageResponseSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (req) => {
      await account.confirmEmail(req.params.token);
      return { message: ACCOUNT_MESSAGES.emailConfirmed };
    },
  );

  app.post(
    '/users/request-password-reset',
    {
      config: { rateLimit: app.rateBudgets.passwordResetRequest },
      schema: {
        tags: ['account'],
        summary: 'Mot de passe oublié (birthDate : JJ/MM/AAAA ou AAAA-MM-JJ)',
        body: passwordResetRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await account.requestPasswordReset(req.body.email, req.body.birthDate);
      return { message: ACCOUNT_MESSAGES.resetRequested };
    },
  );

  app.post(
    '/users/reset-password',
    {
      config: { rateLimit: app.rateBudgets.passwordReset },
      schema: {
        tags: ['account'],
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await account.resetPassword(req.body.token, req.body.newPassword, req.ip);
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },
  );

  app.get(
    '/users/check-token',
    {
      schema: {
        tags: ['account'],
        summary:
          'Vérifie un lien stop-notif (type=stop, défaut) ou nouveau mot de passe (type=reset)',
        querystring: checkTokenQuerySchema,
        response: { 200: checkTokenResponseSchema, ...errors },
      },
    },
    async (req) =>
      req.query.type === 'reset'
        ? { valid: await account.checkResetToken(req.query.token, req.ip) }
        : account.checkStopToken(req.query.token),
  );

  app.get(
    '/users/check-reset-token/:token',
    {
      schema: {
        tags: ['account'],
        params: tokenParams,
        response: { 200: z.object({ valid: z.boolean() }), ...errors },
      },
    },
    async (req) => ({ valid: await account.checkResetToken(req.params.token, req.ip) }),
  );

  app.post(
    '/users/stop-notif',
    {
      schema: {
        tags: ['account'],
        body: stopNotifSchema,
        response: { 200: stopNotifResponseSchema, ...errors },
      },
    },
    async (req) => account.stopNotif(req.body.token, req.body.confirm),
  );

  app.get(
    '/users/confirm-delete/:token',
    {
      schema: {
        tags: ['account'],
        summary: 'Confirme la suppression (anonymisation) du compte',
        params: tokenParams,
        response: { 200: z.object({ valid: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await privacy.confirmDelete(req.params.token);
      return { valid: true as const };
    },
  );
};
