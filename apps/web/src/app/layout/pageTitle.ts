import { useEffect } from 'react';
import { useMatches, type Params } from 'react-router-dom';

/** A route's name in the browser's tab, fixed or made from its parameters ('Profil de …'). */
export type PageTitle = string | ((params: Params) => string);

/** The home page's tab, and the one index.html shows before the app starts. */
export const SITE_TITLE = 'Supporters de l’AS Monaco – Munegu';

/** One format everywhere, the page first so tabs stay tellable apart: 'Jeu du prono – Munegu'. */
export function documentTitle(page: string | undefined): string {
  return page ? `${page} – Munegu` : SITE_TITLE;
}

/** Writes the deepest matched route's title into `document.title`. */
export function usePageTitle(): void {
  const match = useMatches()
    .filter((m) => (m.handle as { title?: PageTitle } | undefined)?.title)
    .at(-1);
  const title = (match?.handle as { title?: PageTitle } | undefined)?.title;
  const page = typeof title === 'function' ? title(match!.params) : title;
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
