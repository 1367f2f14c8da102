import type { ModeratedMember, SanctionEntry, SanctionKindName } from '@munegu/shared';
import { avatarUrl } from '../../lib/avatar-url.js';
import { sanctionsHeldAbove, type Actor } from './sanctions.service.js';
import type { WorkspaceMemberRow, WorkspaceRepository } from './workspace.repository.js';

/**
 * A member as `actor` sees them: the silence only while it is in force at `now`, and which of
 * their sanctions a higher rank than the actor's holds.
 */
export function toModeratedMember(
  row: WorkspaceMemberRow,
  now: Date,
  actor: Pick<Actor, 'role'>,
): ModeratedMember {
  const silenced = row.silencedUntil !== null && row.silencedUntil > now;
  return {
    id: row.id,
    pseudo: row.username,
    avatar: avatarUrl(row.avatarFile, row.avatarVersion),
    role: row.role,
    status: row.status,
    suspendedUntil: row.status === 'SUSPENDED' ? (row.suspendedUntil?.toISOString() ?? null) : null,
    silencedUntil: silenced ? row.silencedUntil!.toISOString() : null,
    heldAbove: sanctionsHeldAbove(actor, row, now),
  };
}

type SanctionRow = Awaited<ReturnType<WorkspaceRepository['sanctions']>>[number];

const stringOf = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const numberOf = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * One audit row 'moderation.user.<kind>' as a line of the member's history. The rows' data
 * keys are the writers' (sanctions.service.ts, moderation.service.ts): reason, days, until,
 * reportId, lifted; any of them may be missing on older rows.
 */
export function toSanctionEntry(row: SanctionRow): SanctionEntry {
  const data =
    row.data && typeof row.data === 'object' && !Array.isArray(row.data)
      ? (row.data as Record<string, unknown>)
      : {};
  return {
    id: row.id,
    kind: row.action.slice('moderation.user.'.length) as SanctionKindName,
    at: row.createdAt.toISOString(),
    by: row.actor && { id: row.actor.id, pseudo: row.actor.username, role: row.actor.role },
    reason: stringOf(data['reason']),
    days: numberOf(data['days']),
    until: stringOf(data['until']),
    lifted: stringOf(data['lifted']),
    reportId: numberOf(data['reportId']),
  };
}
