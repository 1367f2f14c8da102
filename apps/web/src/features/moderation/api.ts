import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditQuery, ReportStatus } from '@munegu/shared';
import { query } from '../../lib/call';

export type { AuditEntry, ModerationReport, SuspendedMember } from '@munegu/shared';

/** Moderation API (/moderation/..., MODERATEUR and above; the server enforces it too). */
export const moderationKeys = {
  all: ['moderation'] as const,
  reports: (status: ReportStatus, page: number) =>
    [...moderationKeys.all, 'reports', status, page] as const,
  suspended: () => [...moderationKeys.all, 'suspended'] as const,
  audit: (filters: AuditFilters) => [...moderationKeys.all, 'audit', filters] as const,
};

export function useReports(status: ReportStatus = 'OPEN', page = 1) {
  return useQuery({
    queryKey: moderationKeys.reports(status, page),
    queryFn: query('GET /moderation/reports', { query: { status, page } }),
  });
}

export function useSuspended() {
  return useQuery({
    queryKey: moderationKeys.suspended(),
    queryFn: query('GET /moderation/users/suspended'),
  });
}

/**
 * The journal's filters as the page keeps them (its URL): an action name or a prefix ending in
 * '.', pseudos the API resolves, Paris days 'YYYY-MM-DD', the page. Empty strings are unset.
 */
export interface AuditFilters {
  action: string;
  actor: string;
  member: string;
  from: string;
  to: string;
  page: number;
}

/** One page of the journal; the previous page stays shown while the next one loads. */
export function useAudit(filters: AuditFilters) {
  const params: AuditQuery = { page: filters.page };
  for (const key of ['action', 'actor', 'member', 'from', 'to'] as const)
    if (filters[key]) params[key] = filters[key];
  return useQuery({
    queryKey: moderationKeys.audit(filters),
    queryFn: query('GET /moderation/audit', { query: params }),
    placeholderData: keepPreviousData,
  });
}
