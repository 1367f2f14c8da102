import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.js';
import type { NewsService } from './news.service.js';

const tags = ['actualités'];

/** Spec section 7, 'Content': the public reads (publishing is the editors' issue). */
export const newsRoutes: FastifyPluginAsyncZod<{ news: NewsService }> = async (app, { news }) => {
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
};
