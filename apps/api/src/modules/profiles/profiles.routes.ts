import { errorBodySchema, USER_TEXTS } from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readImageUpload } from '../../lib/uploads.js';
import { callerOf } from '../../plugins/auth.js';
import type { ProfilesService } from './profiles.service.js';
import { endpoint } from '../../lib/endpoint.js';
import { acceptUploads } from '../../plugins/uploads.js';

const tags = ['profil'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export const profilesRoutes: FastifyPluginAsyncZod<{ profiles: ProfilesService }> = async (
  app,
  { profiles },
) => {
  // This module's routes take file uploads (multipart bodies).
  await acceptUploads(app);
  const member = { onRequest: app.authenticate };

  app.route({
    ...endpoint('GET /users/me', { tags, summary: 'Mon profil', errors }),
    ...member,
    handler: (req) => profiles.ownProfile(callerOf(req).id),
  });

  app.route({
    ...endpoint('GET /users/me-personal', {
      tags,
      summary: 'Mes données personnelles (paramètres)',
      errors,
    }),
    ...member,
    handler: (req) => profiles.personalData(callerOf(req).id),
  });

  app.route({
    ...endpoint('GET /users/by-username/:username', {
      tags,
      summary: "Profil public d'un membre",
      errors,
    }),
    // Signed-in callers are looked up: staff see a silence in force (anyone else, nothing).
    onRequest: app.optionalAuth,
    handler: (req) => profiles.publicProfile(req.params.username, req.caller?.role ?? null),
  });

  app.route({
    ...endpoint('GET /users/departement', {
      tags,
      summary: 'Mon département (code sans FR-)',
      errors,
    }),
    ...member,
    handler: (req) => profiles.departement(callerOf(req).id),
  });

  app.route({
    ...endpoint('PATCH /users/me', {
      tags,
      summary: 'Modifier mon profil (description, réseaux, antennes)',
      errors,
    }),
    ...member,
    handler: async (req) => ({
      message: USER_TEXTS.saved,
      user: await profiles.updateProfile(callerOf(req).id, req.body),
    }),
  });

  app.route({
    ...endpoint('GET /users/search', {
      tags,
      summary: 'Rechercher des membres par pseudo (10 au plus)',
      errors,
    }),
    ...member,
    handler: (req) => profiles.search(callerOf(req).id, req.query.q),
  });

  app.route({
    ...endpoint('POST /users/upload-profile-picture', {
      tags,
      summary: 'Changer ma photo de profil (multipart, champ file)',
      consumes: ['multipart/form-data'],
      errors: { ...errors, 413: errorBodySchema, 415: errorBodySchema, 429: errorBodySchema },
    }),
    ...member,
    // Decoding images costs CPU: a per-IP budget well above any honest use.
    config: { rateLimit: app.rateBudgets.avatarUpload },
    handler: async (req) => {
      const bytes = await readImageUpload(req, 'avatar', USER_TEXTS.avatarMissing);
      const { profile_picture } = await profiles.uploadAvatar(callerOf(req).id, bytes);
      return { profile_picture, message: USER_TEXTS.avatarUpdated };
    },
  });

  app.route({
    ...endpoint('DELETE /users/profile-picture', {
      tags,
      summary: 'Supprimer ma photo de profil',
      errors,
    }),
    ...member,
    handler: async (req) => {
      await profiles.deleteAvatar(callerOf(req).id);
      return { message: USER_TEXTS.avatarDeleted };
    },
  });

  app.route({
    ...endpoint('GET /users/avatar/:file', {
      tags,
      summary: "Image d'un avatar en base64 (secours si l'image statique échoue)",
      errors,
    }),
    handler: (req) => profiles.avatarData(req.params.file),
  });
};
