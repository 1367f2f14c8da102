import { ACCOUNT_TEXTS, errorBodySchema } from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AccountService } from './account.service.js';
import type { PrivacyService } from './privacy.service.js';
import { endpoint } from '../../lib/endpoint.js';

const errors = { 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

/** Public account routes: registration, e-mailed links and password reset (spec section 7). */
export const accountRoutes: FastifyPluginAsyncZod<{
  account: AccountService;
  privacy: Pick<PrivacyService, 'confirmDelete'>;
}> = async (app, { account, privacy }) => {
  // Under /auth like the sign-in routes (spec section 7), but the account's own business: a
  // fresh confirmation link for a PENDING account.
  app.route({
    ...endpoint('POST /auth/resend-confirmation', {
      tags: ['auth'],
      summary: 'Renvoyer le mail de confirmation (même réponse que le compte existe ou non)',
      errors: { 400: errorBodySchema, 429: errorBodySchema },
    }),
    // Each call may send a mail: a small per-IP budget.
    config: { rateLimit: app.rateBudgets.confirmationResend },
    handler: async (req) => {
      await account.resendConfirmation(req.body.email);
      return { message: ACCOUNT_TEXTS.resent };
    },
  });

  app.route({
    ...endpoint('POST /users', {
      tags: ['account'],
      summary: 'Inscription (compte PENDING + mail de confirmation)',
      errors: { 409: errorBodySchema, ...errors },
    }),
    config: { rateLimit: app.rateBudgets.registration },
    handler: async (req, reply) => {
      await account.register(req.body);
      return reply.code(201).send({ message: ACCOUNT_TEXTS.registered });
    },
  });

  app.route({
    ...endpoint('GET /users/check-username', { tags: ['account'], errors }),
    handler: async (req) => ({ taken: await account.pseudoTaken(req.query.username) }),
  });

  app.route({
    ...endpoint('GET /users/confirm-email/:token', {
      tags: ['account'],
      summary: 'Confirme une inscription ou un changement d’adresse',
      errors: { 409: errorBodySchema, ...errors },
    }),
    handler: async (req) => {
      await account.confirmEmail(req.params.token);
      return { message: ACCOUNT_TEXTS.emailConfirmed };
    },
  });

  app.route({
    ...endpoint('POST /users/request-password-reset', {
      tags: ['account'],
      summary: 'Mot de passe oublié (birthDate : JJ/MM/AAAA ou AAAA-MM-JJ)',
      errors,
    }),
    config: { rateLimit: app.rateBudgets.passwordResetRequest },
    handler: async (req) => {
      await account.requestPasswordReset(req.body.email, req.body.birthDate);
      return { message: ACCOUNT_TEXTS.resetRequested };
    },
  });

  app.route({
    ...endpoint('POST /users/reset-password', { tags: ['account'], errors }),
    config: { rateLimit: app.rateBudgets.passwordReset },
    handler: async (req) => {
      await account.resetPassword(req.body.token, req.body.newPassword, req.ip);
      return { message: ACCOUNT_TEXTS.passwordReset };
    },
  });

  app.route({
    ...endpoint('GET /users/check-token', {
      tags: ['account'],
      summary:
        'Vérifie sans l’utiliser un lien stop-notif (type=stop, défaut), nouveau mot de passe (type=reset) ou de suppression du compte (type=delete)',
      errors,
    }),
    handler: async (req) =>
      req.query.type === 'reset'
        ? { valid: await account.checkResetToken(req.query.token, req.ip) }
        : req.query.type === 'delete'
          ? { valid: await account.checkDeleteToken(req.query.token, req.ip) }
          : account.checkStopToken(req.query.token),
  });

  app.route({
    ...endpoint('GET /users/check-reset-token/:token', { tags: ['account'], errors }),
    handler: async (req) => ({ valid: await account.checkResetToken(req.params.token, req.ip) }),
  });

  app.route({
    ...endpoint('POST /users/stop-notif', { tags: ['account'], errors }),
    handler: async (req) => account.stopNotif(req.body.token, req.body.confirm),
  });

  app.route({
    ...endpoint('GET /users/confirm-delete/:token', {
      tags: ['account'],
      summary: 'Confirme la suppression (anonymisation) du compte',
      errors,
    }),
    handler: async (req) => {
      await privacy.confirmDelete(req.params.token);
      return { valid: true as const };
    },
  });
};
