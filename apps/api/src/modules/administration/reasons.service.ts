import {
  ADMINISTRATION_TEXTS as M,
  isOtherReason,
  type AdminReason,
  type ReasonCreate,
  type ReasonOrder,
} from '@munegu/shared';
import { isUniqueViolation } from '../../db/errors.js';
import type { RunInTransaction, Tx } from '../../db/tx.js';
import { AppError, notFound } from '../../lib/errors.js';
import { writeAudit, writeAuditChange, type Actor } from '../../db/audit.js';
import type { ReasonRow, ReasonsRepository } from './lists.repository.js';

const toReason = ({ _count, kind, ...r }: ReasonRow): AdminReason => ({
  ...r,
  // SYSTEME rows never reach here: the repository leaves them out of every read.
  kind: kind as AdminReason['kind'],
  autre: isOtherReason(r.label),
  uses: _count.statusChanges + _count.reports,
});

/**
 * The reason lists (cancellation, exclusion, report per section). 'Autre' asks the member for
 * free text: it keeps its label, stays last (its position is kept above every other one) and
 * is never deleted. A reason already used by a cancellation or a report is kept for history.
 */
export function reasonsService({
  repo,
  transaction,
}: {
  repo: ReasonsRepository;
  transaction: RunInTransaction;
}) {
  async function renumber(tx: Tx, kind: ReasonCreate['kind'], section: string, ids: number[]) {
    const rows = await repo.lockList(tx, kind, section);
    const autre = rows.filter((r) => isOtherReason(r.label));
    for (const [i, id] of ids.entries()) await repo.setPosition(tx, id, (i + 1) * 10);
    for (const r of autre) await repo.setPosition(tx, r.id, (ids.length + 1) * 10);
  }

  return {
    all: async () => (await repo.all()).map(toReason),

    async create(input: ReasonCreate, actor: Actor): Promise<AdminReason> {
      if (isOtherReason(input.label)) throw new AppError('VALIDATION', M.reasonReserved);
      try {
        return await transaction(async (tx) => {
          const rows = await repo.lockList(tx, input.kind, input.section);
          if (rows.some((r) => r.label.toLowerCase() === input.label.toLowerCase()))
            throw new AppError('CONFLICT', M.reasonTaken);
          const created = await repo.create(tx, { ...input, position: 0 });
          // The new reason goes last but before 'Autre'.
          const ids = rows.filter((r) => !isOtherReason(r.label)).map((r) => r.id);
          await renumber(tx, input.kind, input.section, [...ids, created.id]);
          const target = { type: 'reason', id: created.id, label: input.label };
          await writeAudit(tx, actor, 'reason.create', target, input);
          return toReason((await repo.byId(created.id, tx))!);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', M.reasonTaken);
        throw err;
      }
    },

    async rename(id: number, label: string, actor: Actor): Promise<AdminReason> {
      if (isOtherReason(label)) throw new AppError('VALIDATION', M.reasonReserved);
      try {
        return await transaction(async (tx) => {
          const before = await repo.byId(id, tx);
          if (!before) throw notFound(M.reasonNotFound);
          if (isOtherReason(before.label)) throw new AppError('CONFLICT', M.reasonAutre);
          const rows = await repo.lockList(tx, before.kind, before.section);
          if (rows.some((r) => r.id !== id && r.label.toLowerCase() === label.toLowerCase()))
            throw new AppError('CONFLICT', M.reasonTaken);
          const renamed = await repo.rename(tx, id, label);
          await writeAuditChange(
            tx,
            actor,
            'reason.update',
            { type: 'reason', id, label: before.label },
            before.label,
            label,
          );
          return toReason(renamed);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', M.reasonTaken);
        throw err;
      }
    },

    /** `ids`: every reason of the list except 'Autre', in the new order. */
    reorder: (input: ReasonOrder, actor: Actor): Promise<AdminReason[]> =>
      transaction(async (tx) => {
        const rows = await repo.lockList(tx, input.kind, input.section);
        const movable = rows.filter((r) => !isOtherReason(r.label)).map((r) => r.id);
        const same =
          new Set(input.ids).size === input.ids.length &&
          input.ids.length === movable.length &&
          input.ids.every((id) => movable.includes(id));
        if (!same) throw new AppError('VALIDATION', M.reasonOrder);
        await renumber(tx, input.kind, input.section, input.ids);
        await writeAudit(tx, actor, 'reason.reorder', { type: 'reason-list', id: null }, input);
        return (await repo.list(tx, input.kind, input.section)).map(toReason);
      }),

    remove: (id: number, actor: Actor) =>
      transaction(async (tx) => {
        if ((await repo.lock(tx, id)).length === 0) throw notFound(M.reasonNotFound);
        const reason = toReason((await repo.byId(id, tx))!);
        if (reason.autre) throw new AppError('CONFLICT', M.reasonAutre);
        if (reason.uses > 0) throw new AppError('CONFLICT', M.reasonInUse);
        await repo.delete(tx, id);
        await writeAudit(
          tx,
          actor,
          'reason.delete',
          { type: 'reason', id, label: reason.label },
          {
            kind: reason.kind,
            section: reason.section,
            label: reason.label,
          },
        );
        return { message: M.deleted };
      }),
  };
}

export type ReasonsService = ReturnType<typeof reasonsService>;
