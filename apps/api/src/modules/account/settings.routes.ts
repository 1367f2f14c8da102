import { errorBodySchema, SETTINGS_TEXTS } from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.js';
import type { PrivacyService } from './privacy.service.js';
import type { SettingsService } from './settings.service.js';
import { endpoint } from '../../lib/endpoint.js';

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

  app.route({
    ...endpoint('PATCH /users/me/parametres', {
      tags: ['settings'],
      summary: 'Modifie le pseudo ou le département (un champ à la fois)',
      errors,
    }),
    ...auth,
    handler: async (req) => ({
      message: SETTINGS_TEXTS.updated,
      user: await settings.updateParametres(callerOf(req).id, req.body),
    }),
  });

  app.route({
    ...endpoint('PATCH /users/me/email', {
      tags: ['settings'],
      summary: 'Changement d’adresse : lien à la nouvelle, avis à l’ancienne, déconnexion',
      errors,
    }),
    ...auth,
    config: { rateLimit: app.rateBudgets.emailChange },
    handler: async (req) => {
      await settings.changeEmail(callerOf(req).id, req.body, req.ip);
      return { message: SETTINGS_TEXTS.emailChangeSent };
    },
  });

  app.route({
    ...endpoint('PATCH /users/me/notifications', { tags: ['settings'], errors }),
    ...auth,
    handler: async (req) => {
      await settings.updateNotifications(callerOf(req).id, req.body);
      return { message: SETTINGS_TEXTS.notificationsUpdated };
    },
  });

  app.route({
    ...endpoint('PATCH /users/me/password', {
      tags: ['settings'],
      summary: 'Nouveau mot de passe ; les sessions des autres appareils sont fermées',
      errors,
    }),
    ...auth,
    config: { rateLimit: app.rateBudgets.passwordChange },
    handler: async (req) => {
      const caller = callerOf(req);
      await settings.changePassword(caller.id, req.body, {
        keepFamilyId: caller.sessionId,
        ip: req.ip,
      });
      return { message: SETTINGS_TEXTS.passwordUpdated };
    },
  });

  app.route({
    ...endpoint('PATCH /users/me/request-delete', {
      tags: ['settings'],
      summary: 'Envoie le lien de confirmation de suppression du compte',
      errors,
    }),
    ...auth,
    config: { rateLimit: app.rateBudgets.deletionRequest },
    handler: async (req) => {
      await settings.requestDelete(callerOf(req).id);
      return { message: SETTINGS_TEXTS.deleteLinkSent };
    },
  });

  app.route({
    ...endpoint('GET /users/me/export', {
      tags: ['settings'],
      summary: 'Toutes mes données personnelles (fichier JSON)',
    }),
    ...auth,
    config: { rateLimit: app.rateBudgets.dataExport },
    handler: async (req, reply) => {
      const { username, file } = await privacy.exportData(callerOf(req).id);
      const pseudo = username.replace(/[^A-Za-z0-9_]/g, '_');
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="munegu-donnees-${pseudo}.json"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(file, null, 2));
    },
  });
};
