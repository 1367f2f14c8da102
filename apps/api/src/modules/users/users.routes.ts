import {
  avatarDataSchema,
  avatarFileParamSchema,
  avatarUploadResponseSchema,
  departementResponseSchema,
  errorBodySchema,
  messageResponseSchema,
  ownProfileSchema,
  personalDataSchema,
  updateProfileResponseSchema,
  updateProfileSchema,
  USER_MESSAGES,
  userProfileSchema,
  usernameParamSchema,
  userSearchQuerySchema,
  userSearchResultSchema,
} from '@munegu/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readImageUpload } from '../../lib/uploads.js';
import { callerOf } from '../../plugins/auth.js';
import type { UsersService } from './users.service.js';

const tags = ['profil'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  const member = { preHandler: app.authenticate };

  app.get(
    '/users/me',
    {
      ...member,
      schema: { tags, summary: 'Mon profil', response: { 200: ownProfileSchema, ...errors } },
    },
    (req) => users.ownProfile(callerOf(req).id),
  );

  app.get(
    '/users/me-personal',
    {
      ...member,
      schema: {
        tags,
        summary: 'Mes données personnelles (paramètres)',
        response: { 200: personalDataSchema, ...errors },
      },
    },
    (req) => users.personalData(callerOf(req).id),
  );

  app.get(
    '/users/by-username/:username',
    {
      schema: {
        tags,
        summary: "Profil public d'un membre",
        params: usernameParamSchema,
        response: { 200: userProfileSchema, ...errors },
      },
    },
    (req) => users.publicProfile(req.params.username),
  );

  app.get(
    '/users/departement',
    {
      ...member,
      schema: {
        tags,
        summary: 'Mon département (code sans FR-)',
        response: { 200: departementResponseSchema, ...errors },
      },
    },
    (req) => users.departement(callerOf(req).id),
  );

  app.patch(
    '/users/me',
    {
      ...member,
      schema: {
        tags,
        summary: 'Modifier mon profil (description, réseaux, antennes)',
        body: updateProfileSchema,
        response: { 200: updateProfileResponseSchema, ...errors },
      },
    },
    async (req) => ({
      message: USER_MESSAGES.saved,
      user: await users.updateProfile(callerOf(req).id, req.body),
    }),
  );

  app.get(
    '/users/search',
    {
      ...member,
      schema: {
        tags,
        summary: 'Rechercher des membres par pseudo (10 au plus)',
        querystring: userSearchQuerySchema,
        response: { 200: z.array(userSearchResultSchema), ...errors },
      },
    },
    (req) => users.search(callerOf(req).id, req.query.q),
  );

  app.post(
    '/users/upload-profile-picture',
    {
      ...member,
      // Decoding images costs CPU: a per-IP budget well above any honest use.
      config: { rateLimit: app.rateBudgets.avatarUpload },
      schema: {
        tags,
        summary: 'Changer ma photo de profil (multipart, champ file)',
        consumes: ['multipart/form-data'],
        response: {
          200: avatarUploadResponseSchema,
          ...errors,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (req) => {
      const bytes = await readImageUpload(req, 'avatar', USER_MESSAGES.avatarMissing);
      const { profile_picture } = await users.uploadAvatar(callerOf(req).id, bytes);
      return { profile_picture, message: USER_MESSAGES.avatarUpdated };
    },
  );

  app.delete(
    '/users/profile-picture',
    {
      ...member,
      schema: {
        tags,
        summary: 'Supprimer ma photo de profil',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => {
      await users.deleteAvatar(callerOf(req).id);
      return { message: USER_MESSAGES.avatarDeleted };
    },
  );

  app.get(
    '/users/avatar/:file',
    {
      schema: {
        tags,
        summary: "Image d'un avatar en base64 (secours si l'image statique échoue)",
        params: avatarFileParamSchema,
        response: { 200: avatarDataSchema, ...errors },
      },
    },
    (req) => users.avatarData(req.params.file),
  );
};
