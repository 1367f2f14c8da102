import { useMutation, useQuery } from '@tanstack/react-query';
import type { REPORT_SECTIONS } from '@munegu/shared';
import { unwrap } from '../../lib/api';
import { call, query, type BodyOf } from '../../lib/call';

export type ReportSection = (typeof REPORT_SECTIONS)[number];

/** The SIGNALEMENT reasons of one section (GET /motifs-signalement/{section}). */
export function useReportReasons(section: ReportSection, enabled = true) {
  return useQuery({
    queryKey: ['reports', 'reasons', section] as const,
    queryFn: query('GET /motifs-signalement/:section', { params: { section } }),
    enabled,
    // Staff edit reasons rarely; a report form opened twice in an hour reads them once.
    staleTime: 60 * 60_000,
  });
}

/** A report changes nothing the reporter sees, so nothing is refreshed. */
export function useReport() {
  return useMutation({
    mutationFn: async (body: BodyOf<'POST /user-signalement'>) =>
      unwrap(await call('POST /user-signalement', { body })),
  });
}
