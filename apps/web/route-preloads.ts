import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type LandingPage = {
  /** The page module its route loads lazily (routes.tsx). */
  page: string;
  /**
   * Public API reads its route's loader starts (answers that do not depend on who asks): the
   * browser may fetch them with the page's code, before the app's entry has even run.
   */
  data?: string[];
};

/**
 * The pages a visitor most often lands on, by the URL path that opens them. Only paths without
 * parameters: the server matches them exactly. routes.test.tsx checks each path against the
 * app's routes and each `data` list against what its loader asks for.
 */
export const LANDING_PAGES: Record<string, LandingPage> = {
  '/': {
    page: 'src/features/home/pages/HomePage.tsx',
    data: [
      '/api/matchs/next',
      '/api/classement-ligue1',
      '/api/actualite',
      '/api/concours',
      '/api/site/partner',
      '/api/site',
    ],
  },
  '/actualites': {
    page: 'src/features/news/pages/NewsPage.tsx',
    data: ['/api/actualite', '/api/concours', '/api/categorie-actualite'],
  },
  '/jeu_prono': {
    page: 'src/features/predictions/pages/PronoPage.tsx',
    data: ['/api/matchs/anciens'],
  },
  '/contact': { page: 'src/features/contact/pages/ContactPage.tsx' },
  '/login': { page: 'src/features/account/pages/LoginPage.tsx' },
  '/messages': { page: 'src/features/messages/pages/MessagesPage.tsx' },
  '/parametres': { page: 'src/features/settings/pages/SettingsPage.tsx' },
};

/** One landing path's preloads, as the API reads them. */
export type RoutePreload = { code: string[]; data: string[] };
/**
 * The file the build writes: `entry` is what every page needs (the entry script, the chunks it
 * imports, its CSS), named first so the browser asks for it before anything else.
 */
export type RoutePreloadTable = { entry: string[]; pages: Record<string, RoutePreload> };

/** Where the build writes the table; the API reads it at start (apps/api/src/plugins/web.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * Writes `route-preloads.json`: for each landing path, the page's chunk, the chunks it imports
 * (those the entry does not already load) and their CSS, and its public data reads. The API
 * names them in a `Link` header of that path's HTML, so the browser downloads the page's code
 * and data beside the app's entry instead of discovering them only once the entry has run
 * (under a phone's network, the page's largest paint waited on that chain).
 *
 * A page listed here that the build does not have as a lazy chunk fails the build, so the
 * table cannot silently go stale when a page moves.
 */
export function routePreloads(
  root: string,
  pages: Record<string, LandingPage> = LANDING_PAGES,
): Plugin {
  return {
    name: 'munegu-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const base = '/';
      const chunks = Object.values(bundle).filter(
        (o): o is Rollup.OutputChunk => o.type === 'chunk',
      );
      const byModule = new Map(chunks.map((c) => [c.facadeModuleId, c]));
      // An entry another entry imports comes first: it is the one meant to run on arrival
      // (lib/boot/early.ts, the member's first reads), and the browser asks in the header's order.
      const entries = chunks.filter((c) => c.isEntry);
      const imported = (c: Rollup.OutputChunk) =>
        entries.some((e) => e.imports.includes(c.fileName));
      const entryLoads = closure(bundle, [
        ...entries.filter(imported),
        ...entries.filter((c) => !imported(c)),
      ]);
      const table: RoutePreloadTable = { entry: [...entryLoads].map((f) => base + f), pages: {} };
      for (const [urlPath, { page: modulePath, data = [] }] of Object.entries(pages)) {
        const chunk = byModule.get(path.resolve(root, modulePath));
        if (!chunk?.isDynamicEntry)
          this.error(`route-preloads: ${modulePath} (for ${urlPath}) is not a lazy page chunk`);
        const files = closure(bundle, [chunk]);
        const code = [...files].filter((f) => !entryLoads.has(f)).map((f) => base + f);
        table.pages[urlPath] = { code, data };
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(table, null, 2),
      });
    },
  };
}

/** The chunks `from` load statically, themselves included, and the CSS each imports. */
function closure(bundle: Rollup.OutputBundle, from: Rollup.OutputChunk[]): Set<string> {
  const files = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  from.forEach(visit);
  return files;
}
