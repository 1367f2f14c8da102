import path from 'node:path';
import { imageStore } from '../../lib/image-store.js';
import type { Infra } from '../../infra.js';
import type { ApiRoutes } from '../module.js';
import { contestsService } from './contests.service.js';
import { newsEditorService } from './news-editor.service.js';
import {
  contestsRepository,
  newsRepository,
  newsWriteRepository,
  storedImagesRepository,
} from './news.repository.js';
import { newsRoutes } from './news.routes.js';
import { newsService } from './news.service.js';
import { tweetProvider } from './tweet.provider.js';
import { uploadsSweepService } from './uploads-sweep.service.js';

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
  const contestImages = imageStore(path.join(uploadsDir, 'contests'), '/uploads/contests');
  const contests = contestsService({ repo: contestsRepository(db), images: contestImages, clock });
  const uploadsSweep = uploadsSweepService({
    stores: [newsImages, contestImages],
    repo: storedImagesRepository(db),
    clock,
    graceMs: config.uploads.orphanGraceHours * 3_600_000,
  });
  const routes: ApiRoutes = (api) => api.register(newsRoutes, { news, editor, contests });
  return { news, editor, contests, uploadsSweep, routes };
}
