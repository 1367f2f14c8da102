import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { seasonOf } from '@munegu/shared';
import type {
  AdminClubInput,
  AdminMatchInput,
  LeagueTableInput,
  MatchScoreInput,
} from '@munegu/shared';
import { unwrap } from '../../lib/api';
import { call, query } from '../../lib/call';
import { matchKeys } from '../matches';
import { predictionKeys } from '../predictions';

/** Operators' API (/admin/..., MODERATEUR or ADMIN; the server enforces it too). */

export const adminKeys = {
  all: ['admin'] as const,
  matches: (season: string) => [...adminKeys.all, 'matches', season] as const,
  clubs: () => [...adminKeys.all, 'clubs'] as const,
  table: () => [...adminKeys.all, 'league-table'] as const,
};

/** The season the operators' screens open on: today's ('2026-2027' from July 2026). */
export const currentSeason = (now: Date = new Date()): string => seasonOf(now);

/** Everything public that depends on matches, clubs or the table is refreshed after a change. */
function useRefreshAll() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.all }),
      client.invalidateQueries({ queryKey: matchKeys.all }),
      client.invalidateQueries({ queryKey: predictionKeys.all }),
    ]);
}

export function useAdminMatches(season: string) {
  return useQuery({
    queryKey: adminKeys.matches(season),
    queryFn: query('GET /admin/matchs', { query: { season } }),
    select: (rows) => (Array.isArray(rows) ? [...rows].sort((a, b) => a.journee - b.journee) : []),
  });
}

export function useSaveMatch() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: AdminMatchInput }) =>
      unwrap(
        id === null
          ? await call('POST /admin/matchs', { body: input })
          : await call('PUT /admin/matchs/:id', { params: { id }, body: input }),
      ),
    onSuccess: refresh,
  });
}

/**
 * Deletes a match; `pronostics` is the number of predictions the operator confirmed losing
 * (the API refuses with 409 and the current count when it differs). The list is refreshed
 * either way, so a refused delete shows the new count.
 */
export function useDeleteMatch() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: async ({ id, pronostics }: { id: number; pronostics: number }) =>
      unwrap(await call('DELETE /admin/matchs/:id', { params: { id }, query: { pronostics } })),
    onSettled: refresh,
  });
}

export function useSaveScore() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: async ({ id, score }: { id: number; score: MatchScoreInput | null }) =>
      unwrap(
        score === null
          ? await call('DELETE /admin/matchs/:id/score', { params: { id } })
          : await call('PUT /admin/matchs/:id/score', { params: { id }, body: score }),
      ),
    onSuccess: refresh,
  });
}

export function useAdminClubs() {
  return useQuery({
    queryKey: adminKeys.clubs(),
    queryFn: query('GET /admin/clubs'),
    select: (rows) =>
      Array.isArray(rows) ? [...rows].sort((a, b) => a.nom.localeCompare(b.nom, 'fr')) : [],
  });
}

export function useSaveClub() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: async ({
      id,
      input,
      logo,
    }: {
      id: number | null;
      input: AdminClubInput;
      logo: File | null;
    }) => {
      const club = unwrap(
        id === null
          ? await call('POST /admin/clubs', { body: input })
          : await call('PUT /admin/clubs/:id', { params: { id }, body: input }),
      );
      if (!logo) return club;
      const form = new FormData();
      form.append('file', logo);
      return unwrap(
        await call('POST /admin/clubs/:id/logo', { params: { id: club.id }, body: form }),
      );
    },
    onSuccess: refresh,
  });
}

/** The current table (public endpoint; it carries the club ids the editor needs). */
export function useLeagueTableForEdit() {
  return useQuery({
    queryKey: adminKeys.table(),
    queryFn: query('GET /classement-ligue1'),
    select: (rows) =>
      Array.isArray(rows) ? [...rows].sort((a, b) => a.position - b.position) : [],
  });
}

export function useSaveLeagueTable() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: async (input: LeagueTableInput) =>
      unwrap(await call('PUT /admin/classement', { body: input })),
    onSuccess: refresh,
  });
}

export type ImportKind = 'matchs' | 'classement';

export function useImport(kind: ImportKind) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: async ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      return unwrap(
        await call(`POST /admin/import/${kind}`, {
          query: { dryRun: dryRun ? 'true' : 'false' },
          body: form,
        }),
      );
    },
    onSuccess: (result) => {
      if (result.applied) void refresh();
    },
  });
}
