import { useQuery } from '@tanstack/react-query';
import type { ReportStatus } from '@munegu/shared';
import { query } from '../../lib/call';

export type { AuditEntry, ModerationReport, SuspendedMember } from '@munegu/shared';

/** Moderation API (/moderation/..., MODERATEUR and above; the server enforces it too). */
export const moderationKeys = {
  all: ['moderation'] as const,
  reports: (status: ReportStatus, page: number) =>
    [...moderationKeys.all, 'reports', status, page] as const,
  suspended: () => [...moderationKeys.all, 'suspended'] as const,
  audit: (action: string, page: number) => [...moderationKeys.all, 'audit', action, page] as const,
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

/** `action`: a prefix such as 'moderation.' ('' = everything). */
export function useAudit(action: string, page = 1) {
  return useQuery({
    queryKey: moderationKeys.audit(action, page),
    queryFn: query('GET /moderation/audit', {
      query: { page, ...(action ? { action } : {}) },
    }),
  });
}
