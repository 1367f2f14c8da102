// The news page's wire shape (the spec's French names) from the news and contests tables.
import type { Contest, contestInputSchema, NewsItem } from '@munegu/shared';
import type { z } from 'zod';
import type { NewsRepository } from './news.repository.js';

type NewsRow = Awaited<ReturnType<NewsRepository['list']>>[number];
type ContestRow = Awaited<ReturnType<NewsRepository['runningContests']>>[number];

const PARIS_DATE = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export function toNewsItem(row: NewsRow): NewsItem {
  return {
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
    redacteur:
      row.author.status === 'DELETED' ? null : { id: row.author.id, username: row.author.username },
  };
}

export function toContest(row: ContestRow): Contest {
  return {
    id: row.id,
    titre: row.title,
    dateFin: row.endsAt.toISOString(),
    image: row.image,
    lienInsta: row.instagramLink,
    lienX: row.xLink,
  };
}

export type ContestInput = z.output<typeof contestInputSchema>;

/** An editor's contest as the contests table's fields (the visual is checked by the service). */
export const contestFields = (input: ContestInput) => ({
  title: input.titre,
  endsAt: new Date(input.dateFin),
  image: input.image,
  instagramLink: input.lienInsta ?? null,
  xLink: input.lienX ?? null,
});
