import { useQuery, type QueryClient } from '@tanstack/react-query';
import { query } from './call';
import { useFirstPageSettled } from './boot';

/** The operator's content (GET /site): every value null until the operator fills it in. */
export const siteKey = ['site', 'info'] as const;

const siteQuery = {
  queryKey: siteKey,
  queryFn: query('GET /site'),
  staleTime: 30 * 60_000,
};

/**
 * Legal identity, host, social accounts and ticket office; render only what is filled. With
 * `afterFirstPage`, a page that did not ask for it already (the footer on every page) asks
 * once the first page has painted (lib/boot): a read that ends before the page's largest paint
 * shares the phone's connections with it.
 */
export function useSiteInfo({ afterFirstPage = false }: { afterFirstPage?: boolean } = {}) {
  const settled = useFirstPageSettled();
  return useQuery({ ...siteQuery, enabled: !afterFirstPage || settled });
}

/** Asked for beside the home page's code (its route's loader). */
export function prefetchSiteInfo(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(siteQuery);
}
