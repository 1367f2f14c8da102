import { useMutation, useQuery } from '@tanstack/react-query';
import type { REPORT_SECTIONS } from '@munegu/shared';
import { unwrap } from '../../lib/api';
import { call, query, type BodyOf } from '../../lib/call';

export type ReportSection = (typeof REPORT_SECTIONS)[number];

export const reportKeys = {
  /** Every section's reasons: what a reasons edit in the administration refreshes. */
  reasons: () => ['reports', 'reasons'] as const,
  reasonsOf: (section: ReportSection) => [...reportKeys.reasons(), section] as const,
};

/** The SIGNALEMENT reasons of one section (GET /motifs-signalement/{section}). */
export function useReportReasons(section: ReportSection, enabled = true) {
  return useQuery({
    queryKey: reportKeys.reasonsOf(section),
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
