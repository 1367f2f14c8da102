import { errorBodySchema } from '@munegu/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, memberErrors } from '../../lib/endpoint.js';
import { callerOf } from '../../plugins/auth.js';
import { readImageUpload } from '../../lib/uploads.js';
import type { ContestsService } from './contests.service.js';
import type { NewsEditorService } from './news-editor.service.js';
import type { StaffActor } from './contests.service.js';
import type { NewsService } from './news.service.js';
import { acceptUploads } from '../../plugins/uploads.js';

const tags = ['actualités'];
const errors = memberErrors;
/** Who the audit log names for a staff write. */
const by = (req: FastifyRequest): StaffActor => ({ id: callerOf(req).id, ip: req.ip });

/** Spec section 7, 'Content': news and contests. */
export const newsRoutes: FastifyPluginAsyncZod<{
  news: NewsService;
  editor: NewsEditorService;
  contests: ContestsService;
}> = async (app, { news, editor, contests }) => {
  // This module's routes take file uploads (multipart bodies).
  await acceptUploads(app);
  // onRequest, not preHandler: who is calling is settled before the body is even parsed, so an
  // anonymous caller learns nothing from validation messages.
  const editors = { onRequest: app.requireRole('REDACTEUR') };

  app.route({
    ...endpoint('GET /actualite', { tags, summary: 'Actualités, les plus récentes d’abord' }),
    handler: () => news.list(),
  });
  app.route({
    ...endpoint('GET /concours', {
      tags,
      summary: 'Concours en cours, fin la plus proche d’abord',
    }),
    handler: () => news.runningContests(),
  });
  app.route({
    ...endpoint('GET /actualite/exists', { tags, summary: 'Ce post est-il déjà publié ?', errors }),
    ...editors,
    handler: async (req) => ({ exists: await editor.exists(req.query.url) }),
  });
  app.route({
    ...endpoint('POST /actualite/proxy-tweet', {
      tags,
      summary: 'Texte et image d’un post du compte X du club (image stockée ici)',
      errors: { ...errors, 502: errorBodySchema },
    }),
    ...editors,
    config: { rateLimit: app.rateBudgets.tweetFetch },
    handler: (req) => editor.proxyTweet(req.body.url),
  });
  app.route({
    ...endpoint('POST /actualite', { tags, summary: 'Publier une actualité', errors }),
    ...editors,
    handler: async (req, reply) =>
      reply.code(201).send(await editor.create(callerOf(req), req.body, req.ip)),
  });
  app.route({
    ...endpoint('PUT /actualite/:id', {
      tags,
      summary: 'Modifier une actualité (son auteur, ou MODERATEUR et plus)',
      errors,
    }),
    ...editors,
    handler: (req) => editor.update(callerOf(req), req.params.id, req.body, req.ip),
  });
  app.route({
    ...endpoint('DELETE /actualite/:id', {
      tags,
      summary: 'Supprimer une actualité (son auteur, ou MODERATEUR et plus)',
      errors,
    }),
    ...editors,
    handler: (req) => editor.remove(callerOf(req), req.params.id, req.ip),
  });

  app.route({
    ...endpoint('POST /concours/image', {
      tags,
      summary: 'Visuel d’un concours (png, jpeg ou webp, réencodé)',
      errors,
      consumes: ['multipart/form-data'],
    }),
    ...editors,
    config: { rateLimit: app.rateBudgets.avatarUpload },
    handler: async (req) => contests.storeImage(await readImageUpload(req, 'contest')),
  });
  app.route({
    ...endpoint('POST /concours', { tags, summary: 'Créer un concours', errors }),
    ...editors,
    handler: async (req, reply) => reply.code(201).send(await contests.create(req.body, by(req))),
  });
  app.route({
    ...endpoint('PUT /concours/:id', { tags, summary: 'Modifier un concours', errors }),
    ...editors,
    handler: (req) => contests.update(req.params.id, req.body, by(req)),
  });
  app.route({
    ...endpoint('DELETE /concours/:id', { tags, summary: 'Supprimer un concours', errors }),
    ...editors,
    handler: (req) => contests.remove(req.params.id, by(req)),
  });
};
