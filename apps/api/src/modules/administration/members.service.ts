import {
  ADMINISTRATION_TEXTS as M,
  type MemberDetail,
  type MemberSummary,
  type Role,
} from '@munegu/shared';
import { isUniqueViolation } from '../../db/errors.js';
import type { RunInTransaction, Tx } from '../../db/tx.js';
import { AppError, notFound } from '../../lib/errors.js';
import { FORBIDDEN_MESSAGE } from '../../plugins/auth.js';
import { writeAudit, writeAuditChange, type Actor } from '../../db/audit.js';
import { toAdminTitle, toMemberSummary } from './administration.mapper.js';
import type { MemberRow, MembersRepository } from './members.repository.js';

/** How many members a search returns: enough to pick one, never the whole table. */
export const MEMBER_SEARCH_LIMIT = 20;

export function toMemberDetail(row: MemberRow): MemberDetail {
  return {
    id: row.id,
    pseudo: row.username,
    email: row.email,
    role: row.role,
    status: row.status,
    poste: row.position,
    titres: row.titles.map(({ title }) => toAdminTitle(title)),
    created_at: row.createdAt.toISOString(),
  };
}

export interface MembersDeps {
  repo: MembersRepository;
  transaction: RunInTransaction;
}

/**
 * Members as administrators manage them: role, poste and titles. Roles reach the API through
 * the database on every request (plugins/auth.ts reads the current role, not the token's), so
 * a change applies to the member's next request without revoking their logins.
 */
/** A title granted or removed: the log names the member and the title as called then. */
const auditTitle = (
  tx: Tx,
  actor: Actor,
  action: 'user.title.grant' | 'user.title.remove',
  member: MemberDetail,
  title: { id: number; label: string },
) =>
  writeAudit(
    tx,
    actor,
    action,
    { type: 'user', id: member.id, label: member.pseudo },
    { titleId: title.id, libelle: title.label },
  );

export function membersService({ repo, transaction }: MembersDeps) {
  async function detailIn(tx: Tx, id: number): Promise<MemberDetail> {
    const row = await repo.detail(id, tx);
    if (!row) throw notFound(M.memberNotFound);
    return toMemberDetail(row);
  }

  return {
    async search(q: string): Promise<MemberSummary[]> {
      return (await repo.search(q, MEMBER_SEARCH_LIMIT)).map(toMemberSummary);
    },

    async detail(id: number): Promise<MemberDetail> {
      const row = await repo.detail(id);
      if (!row) throw notFound(M.memberNotFound);
      return toMemberDetail(row);
    },

    /**
     * Changes a role. The active administrators' rows are locked first, so of two
     * administrators demoting each other at the same time the second sees the first's change
     * and is refused: there is always at least one active ADMIN. The actor must still be one
     * of them when the lock is granted (they may have just been demoted).
     */
    setRole(id: number, role: Role, actor: Actor): Promise<MemberDetail> {
      return transaction(async (tx) => {
        const admins = await repo.lockActiveAdmins(tx);
        if (!admins.includes(actor.id)) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
        const member = await repo.lockMember(tx, id);
        if (!member) throw notFound(M.memberNotFound);
        if (member.role === role) return detailIn(tx, id);
        if (member.role === 'ADMIN' && !admins.some((adminId) => adminId !== id))
          throw new AppError('CONFLICT', M.lastAdmin);
        await repo.setRole(tx, id, role);
        const after = await detailIn(tx, id);
        await writeAuditChange(
          tx,
          actor,
          'user.role',
          { type: 'user', id, label: after.pseudo },
          member.role,
          role,
        );
        return after;
      });
    },

    setPosition(id: number, position: string | null, actor: Actor): Promise<MemberDetail> {
      const value = position?.trim() || null;
      return transaction(async (tx) => {
        const before = await detailIn(tx, id);
        if (before.poste === value) return before;
        await repo.setPosition(tx, id, value);
        await writeAuditChange(
          tx,
          actor,
          'user.poste',
          { type: 'user', id, label: before.pseudo },
          before.poste,
          value,
        );
        return detailIn(tx, id);
      });
    },

    async grantTitle(id: number, titleId: number, actor: Actor): Promise<MemberDetail> {
      try {
        return await transaction(async (tx) => {
          const member = await detailIn(tx, id);
          const title = await repo.title(titleId, tx);
          if (!title) throw notFound(M.titleNotFound);
          await repo.grantTitle(tx, id, titleId);
          await auditTitle(tx, actor, 'user.title.grant', member, title);
          return detailIn(tx, id);
        });
      } catch (err) {
        // The (member, title) pair is the primary key: a second grant, even a concurrent one.
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', M.titleHeld);
        throw err;
      }
    },

    removeTitle(id: number, titleId: number, actor: Actor): Promise<MemberDetail> {
      return transaction(async (tx) => {
        const member = await detailIn(tx, id);
        const title = await repo.title(titleId, tx);
        if (!title || (await repo.removeTitle(tx, id, titleId)) === 0)
          throw notFound(M.titleNotHeld);
        await auditTitle(tx, actor, 'user.title.remove', member, title);
        return detailIn(tx, id);
      });
    },
  };
}

export type MembersService = ReturnType<typeof membersService>;
