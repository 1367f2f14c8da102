import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { NewsCategory, NewsItem } from '@munegu/shared';
import { query } from '../../lib/call';
import { preloadImage } from '../../lib/boot/preloadImage';

export type { Contest, NewsItem } from '@munegu/shared';

export const newsKeys = {
  all: ['news'] as const,
  list: () => [...newsKeys.all, 'list'] as const,
  categories: () => [...newsKeys.all, 'categories'] as const,
  contests: () => [...newsKeys.all, 'contests'] as const,
};

const asArray = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

const newsListQuery = { queryKey: newsKeys.list(), queryFn: query('GET /actualite') };

/** The cards whose images a phone shows on arrival (the page's largest paint is one of them). */
export const EAGER_IMAGES = 2;

/**
 * Starts fetching the news before the news page's code has arrived (its route's loader), and
 * once they are here the first cards' images, so their download does not wait for the page to
 * render (the <img> elements find them in the memory cache).
 */
export function prefetchNews(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(newsListQuery).then(() => {
    const first = asArray(queryClient.getQueryData<NewsItem[]>(newsKeys.list()));
    for (const item of first.slice(0, EAGER_IMAGES)) preloadImage(item.image, 'high');
  });
}

export function useNews() {
  return useQuery(newsListQuery);
}

const categoriesQuery = {
  queryKey: newsKeys.categories(),
  queryFn: query('GET /categorie-actualite'),
  staleTime: 10 * 60_000,
};

/** The categories without TOUT, which the page adds itself as the first filter. */
export function useNewsCategories() {
  return useQuery({
    ...categoriesQuery,
    select: (list: NewsCategory[]) =>
      asArray(list).filter((c) => c.libelle.toUpperCase() !== 'TOUT'),
  });
}

const contestsQuery = {
  queryKey: newsKeys.contests(),
  queryFn: query('GET /concours'),
  retry: false,
};

/** The home page's running contests, fetched beside the page's code (see prefetchNews). */
export function prefetchContests(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(contestsQuery);
}

/**
 * /actualites' route loader: the news, the running contests (its section below the news) and
 * the categories (its filter chips above the news), asked for together beside the page's code,
 * so neither arrives one round trip later and moves the cards: chips coming late wrapped onto
 * a second row on a phone and pushed every card down.
 */
export function prefetchNewsPage(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    prefetchNews(queryClient),
    prefetchContests(queryClient),
    queryClient.prefetchQuery(categoriesQuery),
  ]);
}

export function useContests() {
  return useQuery(contestsQuery);
}

/** Excerpt length by window width (spec section 9): 130, 100 below 1000px, 20 below 750px. */
export function excerptLength(width: number): number {
  if (width < 750) return 20;
  if (width < 1000) return 100;
  return 130;
}

export function excerpt(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max).trimEnd()}…`;
}
