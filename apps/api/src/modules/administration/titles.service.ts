import {
  ADMINISTRATION_MESSAGES as M,
  type TitleInput,
  type TitleWithHolders,
} from '@munegu/shared';
import { isUniqueViolation } from '../../db/errors.js';
import type { RunInTransaction } from '../../db/tx.js';
import { AppError, notFound } from '../../lib/errors.js';
import { writeAudit, type Actor } from './audit.js';
import type { TitleRow, TitlesRepository } from './titles.repository.js';

const toTitle = ({ _count, ...t }: TitleRow): TitleWithHolders => ({
  ...t,
  holders: _count.holders,
});

/** Colours are stored upper-case so '#e2001a' and '#E2001A' are the same colour. */
const fields = (input: TitleInput) => ({ ...input, couleur: input.couleur.toUpperCase() });

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
          const title = await repo.create(tx, fields(input));
          await writeAudit(
            tx,
            actor,
            'title.create',
            { type: 'title', id: title.id },
            fields(input),
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
          const title = await repo.update(tx, id, fields(input));
          await writeAudit(
            tx,
            actor,
            'title.update',
            { type: 'title', id },
            {
              from: {
                libelle: before.libelle,
                couleur: before.couleur,
                importance: before.importance,
              },
              to: fields(input),
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
          { type: 'title', id },
          {
            libelle: title.libelle,
            holders: title._count.holders,
          },
        );
        return { message: M.deleted };
      }),
  };
}

export type TitlesService = ReturnType<typeof titlesService>;
