import type { Contest, NewsItem } from '@munegu/shared';
import type { Clock } from '../../lib/clock.js';
import type { NewsRepository } from './news.repository.js';

const PARIS_DATE = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** The club's news and the running contests, as the news page and the home carousel show them. */
export function newsService({ repo, clock }: { repo: NewsRepository; clock: Clock }) {
  return {
    async list(): Promise<NewsItem[]> {
      const rows = await repo.list();
      return rows.map((row) => ({
        id: row.id,
        titre: row.title,
        contenu: row.content,
        lien: row.link,
        image: row.image,
        imageObjectPosY: row.imageObjectPosY,
        date: row.publishedAt.toISOString(),
        formattedDate: PARIS_DATE.format(row.publishedAt),
        categorie: { id: row.category.id, libelle: row.category.label },
        // An anonymised editor is nobody's profile to link to.
        redacteur: row.author.status === 'DELETED' ? null : { username: row.author.username },
      }));
    },

    async runningContests(): Promise<Contest[]> {
      const rows = await repo.runningContests(clock.now());
      return rows.map((row) => ({
        id: row.id,
        titre: row.title,
        dateFin: row.endsAt.toISOString(),
        image: row.image,
        lienInsta: row.instagramLink,
        lienX: row.xLink,
      }));
    },
  };
}

export type NewsService = ReturnType<typeof newsService>;
