/*
 * The first load, in order. Everything the app does beyond React's and the router's defaults to
 * show its first page sooner lives in this folder; docs/PERFORMANCE.md holds the rules and the
 * measurements that keep each piece here.
 *
 * 1. The document. The server answers index.html with a `Link` header (apps/api's static
 *    plugin, from the build's route-preloads.json: apps/web/route-preloads.ts) naming, in
 *    order, early.ts's entry, the app's entry and framework chunk, the landing page's chunks
 *    and CSS, its images and its public API reads. The browser fetches them all at once
 *    instead of discovering each one after the previous had run: the page's data and code
 *    arrive in parallel, in one round trip.
 * 2. early.ts (an entry of its own, `async` in the document: vite.config.ts). It runs as soon as
 *    it arrives, long before the app's code, and asks the member's reads (who they are, and the
 *    landing page's private reads), which need the stored token and so cannot be in the header.
 *    The app's API client takes each answer once (takeEarly).
 * 3. main.tsx, once the app's code has arrived and run (one task: the browser evaluates the
 *    modules). In the next task it creates the router, which matches the address and starts
 *    the page's lazy chunk and its route loader (routeLoader.ts: the reads, taking the answers
 *    already on their way); in the task after, it asks React to render. Task hops added by the
 *    app: 2, so that neither the modules' evaluation nor the router's start is one long task
 *    on a phone. React itself renders in a task of its own (its scheduler posts one message):
 *    3 hops in all before the first render, which shows the root route's fallback while the
 *    page's chunk and reads come.
 * 4. The first page. When both its chunk and its reads are there (or the loader's cap has
 *    passed), the router renders the page in a transition: React renders it in interruptible
 *    pieces and commits it once, with its content. Code below the fold (dialogs, the map, the
 *    date pickers) is in chunks fetched on first use (Deferred.tsx, React.lazy); dates are
 *    formatted without Intl (lib/dates.ts), whose first use starts ICU in the page's task.
 *    The layout marks the first page rendered (afterFirstPage.ts).
 * 5. After the first page (afterFirstPage.ts): once the load event has passed, the page is
 *    rendered and shown (its first contentful paint), no read is in flight and the browser had
 *    an idle moment (capped), what no page needs to paint starts: the signed-in member's navbar
 *    actions (socket, bell, menu), the toasts' library, the carousels' library, the manifest
 *    link, the service worker and the footer's social links.
 *
 * The other pieces: preloadImage.ts starts an image's download once the answer naming it is
 * here (a loader's read), so the page's <img> finds it in the memory cache.
 */
export { EARLY_MAX_AGE_MS, EARLY_READS, startEarlyReads, takeEarly } from './early';
export { LOADER_WAIT_MS, prefetchLoader } from './routeLoader';
export {
  SETTLE_CAP_MS,
  markFirstPageRendered,
  resetFirstPageSettled,
  useFirstPageSettled,
  useLoadedAfterFirstPage,
  whenFirstPageSettled,
} from './afterFirstPage';
