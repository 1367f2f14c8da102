import { useQuery, type QueryClient } from '@tanstack/react-query';
import { isApiError, errorMessage } from '../../lib/api';
import { query } from '../../lib/call';

/** Administration reads (/administration/..., ADMIN only; the server enforces it too). */
export const administrationKeys = {
  all: ['administration'] as const,
  search: (q: string) => [...administrationKeys.all, 'members', 'search', q] as const,
  member: (id: number) => [...administrationKeys.all, 'members', id] as const,
  titles: () => [...administrationKeys.all, 'titles'] as const,
  antennas: () => [...administrationKeys.all, 'antennas'] as const,
  reasons: () => [...administrationKeys.all, 'reasons'] as const,
  categories: () => [...administrationKeys.all, 'categories'] as const,
  transports: () => [...administrationKeys.all, 'transports'] as const,
  clubs: () => [...administrationKeys.all, 'clubs'] as const,
};
/** The public partner offer (home banner), outside the ADMIN keys so any visitor caches it. */
export const partnerKey = ['site', 'partner'] as const;

/** The message to show for a failed write: the field's own message first. */
export function problem(error: unknown): string {
  if (isApiError(error) && error.errors[0]) return error.errors[0].message;
  return errorMessage(error, 'Une erreur est survenue. Réessaie.');
}

export function useMemberSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: administrationKeys.search(term),
    queryFn: query('GET /administration/membres', { query: { q: term } }),
    enabled: term.length >= 2,
  });
}

export function useMember(id: number | null) {
  return useQuery({
    queryKey: administrationKeys.member(id ?? 0),
    queryFn: query('GET /administration/membres/:id', { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

export const useTitles = () =>
  useQuery({ queryKey: administrationKeys.titles(), queryFn: query('GET /administration/titres') });
export const useAdminAntennas = () =>
  useQuery({
    queryKey: administrationKeys.antennas(),
    queryFn: query('GET /administration/antennes'),
  });
export const useAdminReasons = () =>
  useQuery({
    queryKey: administrationKeys.reasons(),
    queryFn: query('GET /administration/motifs'),
  });
export const useAdminCategories = () =>
  useQuery({
    queryKey: administrationKeys.categories(),
    queryFn: query('GET /administration/categories-actualite'),
  });
export const useAdminTransports = () =>
  useQuery({
    queryKey: administrationKeys.transports(),
    queryFn: query('GET /administration/transports'),
  });
export const useClubFeeds = () =>
  useQuery({ queryKey: administrationKeys.clubs(), queryFn: query('GET /administration/clubs') });

const partnerQuery = {
  queryKey: partnerKey,
  queryFn: query('GET /site/partner'),
  staleTime: 5 * 60_000,
};

/** The partner code and link; nulls until an administrator sets them. */
export const usePartner = () => useQuery(partnerQuery);

/** The home page's partner banner, fetched beside the page's code (its route's loader). */
export function prefetchPartner(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(partnerQuery);
}
