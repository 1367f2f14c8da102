import { useQuery, type QueryClient } from '@tanstack/react-query';
import { query } from './call';

/** The operator's content (GET /site): every value null until the operator fills it in. */
export const siteKey = ['site', 'info'] as const;

const siteQuery = {
  queryKey: siteKey,
  queryFn: query('GET /site'),
  staleTime: 30 * 60_000,
};

/**
 * Legal identity, host, social accounts and ticket office; render only what is filled. While
 * `ask` is false it only shows what is already cached (the footer waits for the first page).
 */
export const useSiteInfo = (ask = true) => useQuery({ ...siteQuery, enabled: ask });

/** Asked for beside the home page's code (its route's loader). */
export function prefetchSiteInfo(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(siteQuery);
}
