import { useQuery } from '@tanstack/react-query';
import { carpoolKeys } from '../api';

/** The static map shipped in apps/web/public (not an API call: it never goes through /api). */
export const FRANCE_MAP_URL = '/cartes_france/france-departements.svg';
/**
 * The whole map file (its own view box is 0 0 613 585) with 2 units of margin for the outlines:
 * the spec's '5 0 600 600' was drawn for another file and cut Corsica (up to x = 612) off.
 */
export const MAP_VIEW_BOX = '-2 -2 617 589';

export type MapPath = { code: string; label: string; d: string };

/**
 * The departments of the SVG as data. The file is parsed, never injected: React draws its own
 * `<path>` elements from the ids (codes without 'FR-'), names and outlines, so nothing of the
 * file but those three attributes reaches the page.
 */
export function parseFranceMap(svgText: string): MapPath[] {
  const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return [];
  return Array.from(doc.getElementsByTagName('path')).flatMap((path) => {
    const code = path.getAttribute('id');
    const d = path.getAttribute('d');
    if (!code || !d) return [];
    return [{ code: code.toUpperCase(), label: path.getAttribute('aria-label') ?? code, d }];
  });
}

/** Loaded once per session: the file only changes with a deployment. */
export function useFranceMap() {
  return useQuery({
    queryKey: [...carpoolKeys.all, 'france-map'] as const,
    queryFn: async ({ signal }) => {
      const res = await fetch(FRANCE_MAP_URL, { signal });
      if (!res.ok) throw new Error(`France map: HTTP ${res.status}`);
      return parseFranceMap(await res.text());
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
