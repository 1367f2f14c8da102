import {
  emailChangeSchema,
  errorBodySchema,
  messageResponseSchema,
  notificationsSchema,
  parametresResponseSchema,
  parametresSchema,
  passwordChangeSchema,
  SETTINGS_MESSAGES,
} from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.js';
import type { PrivacyService } from './privacy.service.js';
import type { SettingsService } from './settings.service.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/** The settings page's writes and the data export; every route needs a signed-in member. */
export const settingsRoutes: FastifyPluginAsyncZod<{
  settings: SettingsService;
  privacy: Pick<PrivacyService, 'exportData'>;
}> = async (app, { settings, privacy }) => {
  // onRequest: an anonymous caller gets 401 before its body is even parsed or validated.
  const auth = { onRequest: app.authenticate };

  app.patch(
    '/users/me/parametres',
    {
      ...auth,
      schema: {
        tags: ['settings'],
        summary: 'Modifie le pseudo ou le département (un champ à la fois)',
        body: parametresSchema,
        response: { 200: parametresResponseSchema, ...errors },
      },
    },
    async (req) => ({
      message: SETTINGS_MESSAGES.updated,
      user: await settings.updateParametres(callerOf(req).id, req.body),
    }),
  );

  app.patch(
    '/users/me/email',
    {
      ...auth,
      config: { rateLimit: app.rateBudgets.emailChange },
      schema: {
        tags: ['settings'],
        summary: 'Changement d’adresse : lien à la nouvelle, avis à l’ancienne, déconnexion',
        body: emailChangeSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await settings.changeEmail(callerOf(req).id, req.body, req.ip);
      return { message: SETTINGS_MESSAGES.emailChangeSent };
    },
  );

  app.patch(
    '/users/me/notifications',
    {
      ...auth,
      schema: {
        tags: ['settings'],
        body: notificationsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await settings.updateNotifications(callerOf(req).id, req.body);
      return { message: SETTINGS_MESSAGES.notificationsUpdated };
    },
  );

  app.patch(
    '/users/me/password',
    {
      ...auth,
      config: { rateLimit: app.rateBudgets.passwordChange },
      schema: {
        tags: ['settings'],
        summary: 'Nouveau mot de passe ; les sessions des autres appareils sont fermées',
        body: passwordChangeSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      await settings.changePassword(caller.id, req.body, {
        keepFamilyId: caller.sessionId,
        ip: req.ip,
      });
      return { message: SETTINGS_MESSAGES.passwordUpdated };
    },
  );

  app.patch(
    '/users/me/request-delete',
    {
      ...auth,
      config: { rateLimit: app.rateBudgets.deletionRequest },
      schema: {
        tags: ['settings'],
        summary: 'Envoie le lien de confirmation de suppression du compte',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await settings.requestDelete(callerOf(req).id);
      return { message: SETTINGS_MESSAGES.deleteLinkSent };
    },
  );

  app.get(
    '/users/me/export',
    {
      ...auth,
      config: { rateLimit: app.rateBudgets.dataExport },
      schema: {
        tags: ['settings'],
        summary: 'Toutes mes données personnelles (fichier JSON)',
      },
    },
    async (req, reply) => {
      const data = await privacy.exportData(callerOf(req).id);
      const pseudo = data.compte.pseudo.replace(/[^A-Za-z0-9_]/g, '_');
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="munegu-donnees-${pseudo}.json"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    },
  );
};
