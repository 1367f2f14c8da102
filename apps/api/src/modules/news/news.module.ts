import path from 'node:path';
import { imageStore } from '../../lib/image-store.js';
import type { Infra } from '../../infra.js';
import type { ApiRoutes } from '../module.js';
import { contestsService } from './contests.service.js';
import { newsEditorService } from './news-editor.service.js';
import { contestsRepository, newsRepository, newsWriteRepository } from './news.repository.js';
import { newsRoutes } from './news.routes.js';
import { newsService } from './news.service.js';
import { tweetProvider } from './tweet.provider.js';

/** News and contests: public reads, editors' writes, the club's posts fetched from X. */
export function newsModule({ db, clock, config, uploadsDir, log, overrides }: Infra) {
  const news = newsService({ repo: newsRepository(db), clock });
  const newsImages = imageStore(path.join(uploadsDir, 'news'), '/uploads/news');
  const editor = newsEditorService({
    repo: newsWriteRepository(db),
    tweets: tweetProvider({
      baseUrl: config.news.providerUrl,
      images: newsImages,
      fetch: {
        allowedHosts: config.news.fetchHosts,
        privateHosts: config.news.fetchPrivateHosts,
        timeoutMs: config.news.timeoutMs,
        maxBytes: config.news.imageMaxBytes,
        ...overrides.newsFetch,
      },
    }),
    clubAccount: config.news.clubAccount,
    productName: config.site.associationName,
    images: newsImages,
    log,
  });
  const contests = contestsService({
    repo: contestsRepository(db),
    images: imageStore(path.join(uploadsDir, 'contests'), '/uploads/contests'),
    clock,
  });
  const routes: ApiRoutes = (api) => api.register(newsRoutes, { news, editor, contests });
  return { news, editor, contests, routes };
}
