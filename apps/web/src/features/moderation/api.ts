import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditQuery, ReportStatus } from '@munegu/shared';
import { query } from '../../lib/call';

export type {
  AuditEntry,
  ModeratedMember,
  ModerationMember,
  ModerationReport,
  ModerationSearchResult,
  QueueGroup,
  SanctionEntry,
  SuspendedMember,
} from '@munegu/shared';

/** How often the open-report count refreshes while a staff page is open (and on focus). */
const COUNT_POLL_MS = 60_000;

/** Moderation API (/moderation/..., MODERATEUR and above; the server enforces it too). */
export const moderationKeys = {
  all: ['moderation'] as const,
  reports: (status: ReportStatus, page: number) =>
    [...moderationKeys.all, 'reports', status, page] as const,
  suspended: () => [...moderationKeys.all, 'suspended'] as const,
  audit: (filters: AuditFilters) => [...moderationKeys.all, 'audit', filters] as const,
  queue: (page: number) => [...moderationKeys.all, 'queue', page] as const,
  openCount: () => [...moderationKeys.all, 'open-count'] as const,
  search: (q: string) => [...moderationKeys.all, 'search', q] as const,
  member: (id: number) => [...moderationKeys.all, 'member', id] as const,
};

/** Open reports grouped per reported member, the most reported first. */
export function useQueue(page = 1) {
  return useQuery({
    queryKey: moderationKeys.queue(page),
    queryFn: query('GET /moderation/queue', { query: { page } }),
  });
}

/**
 * The open reports a moderator may handle, for the navigation's badges: asked again on focus
 * and every minute (there is no staff realtime channel), and after every moderation write
 * (mutations.ts invalidates every moderation key).
 */
export function useOpenReportCount(enabled: boolean) {
  return useQuery({
    queryKey: moderationKeys.openCount(),
    queryFn: query('GET /moderation/reports/count'),
    select: (data: { open: number }) => data.open,
    enabled,
    refetchInterval: COUNT_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

/** Pseudo or e-mail prefix; asked only from 2 characters on (the API's minimum). */
export function useMemberSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: moderationKeys.search(term.toLowerCase()),
    queryFn: query('GET /moderation/users', { query: { q: term } }),
    enabled: term.length >= 2,
    staleTime: 30_000,
  });
}

export function useModerationMember(id: number) {
  return useQuery({
    queryKey: moderationKeys.member(id),
    queryFn: query('GET /moderation/users/:id', { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

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
