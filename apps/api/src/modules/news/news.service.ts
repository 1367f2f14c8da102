import type { Contest, NewsItem } from '@munegu/shared';
import type { Clock } from '../../lib/clock.js';
import { toContest, toNewsItem } from './news.mapper.js';
import type { NewsRepository } from './news.repository.js';

/** The club's news and the running contests, as the news page and the home carousel show them. */
export function newsService({ repo, clock }: { repo: NewsRepository; clock: Clock }) {
  return {
    async list(): Promise<NewsItem[]> {
      return (await repo.list()).map(toNewsItem);
    },

    async runningContests(): Promise<Contest[]> {
      return (await repo.runningContests(clock.now())).map(toContest);
    },
  };
}

export type NewsService = ReturnType<typeof newsService>;
