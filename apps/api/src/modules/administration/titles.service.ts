import { ADMINISTRATION_TEXTS as M, type TitleInput } from '@munegu/shared';
import { isUniqueViolation } from '../../db/errors.js';
import type { RunInTransaction } from '../../db/tx.js';
import { AppError, notFound } from '../../lib/errors.js';
import { writeAudit, type Actor } from '../../db/audit.js';
import { titleFields, toTitle } from './administration.mapper.js';
import type { TitlesRepository } from './titles.repository.js';

/** What the audit rows record: the input as the wire names it, colour upper-cased. */
const audited = (input: TitleInput) => ({ ...input, couleur: input.couleur.toUpperCase() });

export function titlesService({
  repo,
  transaction,
}: {
  repo: TitlesRepository;
  transaction: RunInTransaction;
}) {
  /** The label check runs first for a clear message; the unique index settles races. */
  async function saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', M.titleTaken);
      throw err;
    }
  }

  return {
    list: async () => (await repo.list()).map(toTitle),

    create: (input: TitleInput, actor: Actor) =>
      saving(() =>
        transaction(async (tx) => {
          if (await repo.sameLabel(input.libelle, null, tx))
            throw new AppError('CONFLICT', M.titleTaken);
          const title = await repo.create(tx, titleFields(input));
          await writeAudit(
            tx,
            actor,
            'title.create',
            { type: 'title', id: title.id, label: input.libelle },
            audited(input),
          );
          return toTitle(title);
        }),
      ),

    update: (id: number, input: TitleInput, actor: Actor) =>
      saving(() =>
        transaction(async (tx) => {
          const before = await repo.byId(id, tx);
          if (!before) throw notFound(M.titleNotFound);
          if (await repo.sameLabel(input.libelle, id, tx))
            throw new AppError('CONFLICT', M.titleTaken);
          const title = await repo.update(tx, id, titleFields(input));
          await writeAudit(
            tx,
            actor,
            'title.update',
            { type: 'title', id, label: before.label },
            {
              from: {
                libelle: before.label,
                couleur: before.color,
                importance: before.importance,
              },
              to: audited(input),
            },
          );
          return toTitle(title);
        }),
      ),

    remove: (id: number, actor: Actor) =>
      transaction(async (tx) => {
        const title = await repo.byId(id, tx);
        if (!title) throw notFound(M.titleNotFound);
        await repo.delete(tx, id);
        await writeAudit(
          tx,
          actor,
          'title.delete',
          { type: 'title', id, label: title.label },
          {
            libelle: title.label,
            holders: title._count.holders,
          },
        );
        return { message: M.deleted };
      }),
  };
}

export type TitlesService = ReturnType<typeof titlesService>;
