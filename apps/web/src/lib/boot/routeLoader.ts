import type { QueryClient } from '@tanstack/react-query';

/** The longest a first page waits for its reads before rendering without them (a slow API). */
export const LOADER_WAIT_MS = 3_000;

/**
 * A route's loader: it starts the reads the page shows, so the answers come in parallel with
 * the page's chunk instead of after it (one round trip less on a first visit), and waits for
 * them, at most LOADER_WAIT_MS, so the page renders once, with its content, instead of a
 * spinner then the content (a second render, and content moving under the reader). A failed
 * read does not fail the route (prefetchQuery never throws): the page shows its own error
 * state. On a full load the requests themselves are already under way (early.ts and the
 * document's Link header): the reads take those answers.
 */
export function prefetchLoader(
  start: (queryClient: QueryClient) => Promise<unknown>,
  queryClient: QueryClient,
) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      start(queryClient),
      new Promise((resolve) => (timer = setTimeout(resolve, LOADER_WAIT_MS))),
    ]);
    clearTimeout(timer);
    return null;
  };
}
