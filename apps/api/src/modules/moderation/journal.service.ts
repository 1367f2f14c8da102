import {
  JOURNAL_FILTER_TEXTS,
  MODERATION_LIMITS,
  type AuditPage,
  type auditQuerySchema,
} from '@munegu/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { parisDayStart } from '../../lib/paris-time.js';
import { isNamed, memberOf, toJournalEntry } from './journal.mapper.js';
import type { JournalFilter, JournalRepository, NamedType } from './journal.repository.js';
import { reportedRolesFor } from './moderation.service.js';
import type { Actor } from './sanctions.service.js';

export type JournalQuery = z.output<typeof auditQuerySchema>;

/**
 * The journal (GET /moderation/audit, MODERATEUR and above): read only, newest first, with
 * each row's target named and its change normalised for the sentence (packages/shared
 * journal.ts). Who may read it is the route's business; what of it they read is this one's:
 * rows about reports the reader may not handle (reportedRolesFor) are left out.
 */
export function journalService({ repo }: { repo: JournalRepository }) {
  /** A pseudo typed in a filter → the member's id; an unknown one is a 400 on that field. */
  async function memberId(pseudo: string, field: 'actor' | 'member'): Promise<number> {
    const id = await repo.memberIdByPseudo(pseudo);
    if (id !== null) return id;
    const message = JOURNAL_FILTER_TEXTS.unknownMember(pseudo);
    throw new AppError('VALIDATION', message, { details: [{ path: field, message }] });
  }

  /** The query as the repository filters: pseudos resolved, Paris days as instants. */
  async function filterOf(q: JournalQuery): Promise<JournalFilter> {
    const [actorByPseudo, memberByPseudo] = await Promise.all([
      q.actor ? memberId(q.actor, 'actor') : undefined,
      q.member ? memberId(q.member, 'member') : undefined,
    ]);
    // An id and a pseudo that name two members find nothing, as two such filters should.
    const both = (id?: number, other?: number) =>
      id !== undefined && other !== undefined && id !== other ? -1 : (id ?? other);
    return {
      action: q.action || undefined,
      targetType: q.targetType || undefined,
      targetId: q.targetId || undefined,
      actorId: both(q.actorId, actorByPseudo),
      targetUserId: both(q.targetUserId, memberByPseudo),
      since: q.from ? parisDayStart(q.from) : undefined,
      before: q.to ? parisDayStart(q.to, 1) : undefined,
    };
  }

  return {
    async list(reader: Pick<Actor, 'role'>, q: JournalQuery): Promise<AuditPage> {
      const size = MODERATION_LIMITS.auditPageSize;
      const reportedRoles = reportedRolesFor(reader.role);
      const filter = { ...(await filterOf(q)), reportedRoles };
      const { rows, total } = await repo.list(filter, (q.page - 1) * size, size);
      // The page's members and target names in one query per kind, not one per row.
      const memberIds = [...new Set(rows.map(memberOf).filter((id) => id !== null))];
      const idsOf = (type: NamedType) => [
        ...new Set(
          rows
            .filter((r) => r.targetType === type && !r.targetLabel && Number(r.targetId))
            .map((r) => Number(r.targetId)),
        ),
      ];
      const types = [...new Set(rows.map((r) => r.targetType))].filter(isNamed);
      const [members, ...names] = await Promise.all([
        repo.members(memberIds),
        ...types.map((type) => repo.names(type, idsOf(type))),
      ]);
      const lookups = {
        members: new Map(members.map((m) => [m.id, m])),
        names: new Map(types.map((type, i) => [type as string, names[i]!])),
        reportedRoles,
      };
      return {
        items: rows.map((row) => toJournalEntry(row, lookups)),
        total,
        page: q.page,
        pageSize: size,
      };
    },
  };
}

export type JournalService = ReturnType<typeof journalService>;
