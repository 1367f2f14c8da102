import {
  ADMINISTRATION_TEXTS as M,
  type AdminAntenna,
  type AdminCategory,
  type AdminTransport,
  type AntennaInput,
} from '@munegu/shared';
import { isUniqueViolation } from '../../db/errors.js';
import type { RunInTransaction } from '../../db/tx.js';
import { AppError, notFound } from '../../lib/errors.js';
import { writeAudit, type Actor } from '../../db/audit.js';
import {
  antennaFields,
  isProtected,
  isSpecTransport,
  toAntenna,
  toCategory,
  toTransport,
} from './administration.mapper.js';
import type { ListsRepository } from './lists.repository.js';

/** A duplicate name that raced past the service's own check still gets the French message. */
async function unique<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', message);
    throw err;
  }
}

/**
 * Antennas, news categories and transport modes. Deletion is refused while something uses
 * the row: deleting an antenna would silently drop members' memberships (cascade) and
 * presences' bus choice, news need their category and presences their mode; renaming is the
 * way to change them. The spec's six transport modes carry the carpool rules (a car offers
 * seats, a bus names an antenna, 'en recherche' is a ride search): they stay as they are.
 */
export function listsService({
  repo,
  transaction,
}: {
  repo: ListsRepository;
  transaction: RunInTransaction;
}) {
  return {
    antennas: async () => (await repo.antennas()).map(toAntenna),

    saveAntenna: (id: number | null, input: AntennaInput, actor: Actor): Promise<AdminAntenna> =>
      unique(M.antennaTaken, () =>
        transaction(async (tx) => {
          const before = id === null ? null : await repo.antenna(id, tx);
          if (id !== null && !before) throw notFound(M.antennaNotFound);
          const same = await repo.antennaNamed(input.nom, tx);
          if (same && same.id !== id) throw new AppError('CONFLICT', M.antennaTaken);
          const saved =
            id === null
              ? await repo.createAntenna(tx, antennaFields(input))
              : await repo.updateAntenna(tx, id, antennaFields(input));
          const action = id === null ? 'antenna.create' : 'antenna.update';
          const data = before
            ? { from: { nom: before.name, categorie: before.category }, to: input }
            : input;
          await writeAudit(tx, actor, action, { type: 'antenna', id: saved.id }, data);
          return toAntenna((await repo.antenna(saved.id, tx))!);
        }),
      ),

    removeAntenna: (id: number, actor: Actor) =>
      transaction(async (tx) => {
        if ((await repo.lockAntenna(tx, id)).length === 0) throw notFound(M.antennaNotFound);
        const antenna = toAntenna((await repo.antenna(id, tx))!);
        if (antenna.uses > 0) throw new AppError('CONFLICT', M.antennaInUse);
        await repo.deleteAntenna(tx, id);
        await writeAudit(
          tx,
          actor,
          'antenna.delete',
          { type: 'antenna', id },
          {
            nom: antenna.nom,
            categorie: antenna.categorie,
          },
        );
        return { message: M.deleted };
      }),

    categories: async (): Promise<AdminCategory[]> => (await repo.categories()).map(toCategory),

    saveCategory: (id: number | null, libelle: string, actor: Actor): Promise<AdminCategory> =>
      unique(M.categoryTaken, () =>
        transaction(async (tx) => {
          const before = id === null ? null : await repo.category(id, tx);
          if (id !== null && !before) throw notFound(M.categoryNotFound);
          if (before && isProtected(before.label))
            throw new AppError('CONFLICT', M.categoryProtected);
          const same = await repo.categoryNamed(libelle, tx);
          if (same && same.id !== id) throw new AppError('CONFLICT', M.categoryTaken);
          const saved =
            id === null
              ? await repo.createCategory(tx, libelle)
              : await repo.renameCategory(tx, id, libelle);
          const action = id === null ? 'news-category.create' : 'news-category.update';
          const data = before ? { from: before.label, to: libelle } : { libelle };
          await writeAudit(tx, actor, action, { type: 'news-category', id: saved.id }, data);
          return toCategory((await repo.category(saved.id, tx))!);
        }),
      ),

    removeCategory: (id: number, actor: Actor) =>
      transaction(async (tx) => {
        if ((await repo.lockCategory(tx, id)).length === 0) throw notFound(M.categoryNotFound);
        const category = toCategory((await repo.category(id, tx))!);
        if (category.protected) throw new AppError('CONFLICT', M.categoryProtected);
        if (category.uses > 0) throw new AppError('CONFLICT', M.categoryInUse);
        await repo.deleteCategory(tx, id);
        await writeAudit(
          tx,
          actor,
          'news-category.delete',
          { type: 'news-category', id },
          {
            libelle: category.libelle,
          },
        );
        return { message: M.deleted };
      }),

    transports: async (): Promise<AdminTransport[]> => (await repo.transports()).map(toTransport),

    saveTransport: (id: number | null, libelle: string, actor: Actor): Promise<AdminTransport> =>
      unique(M.transportTaken, () =>
        transaction(async (tx) => {
          const before = id === null ? null : await repo.transport(id, tx);
          if (id !== null && !before) throw notFound(M.transportNotFound);
          if (before && isSpecTransport(before.id))
            throw new AppError('CONFLICT', M.transportProtected);
          const same = await repo.transportNamed(libelle, tx);
          if (same && same.id !== id) throw new AppError('CONFLICT', M.transportTaken);
          let savedId: number;
          if (id === null) {
            // Its code only has to be unique: the wire names an added mode by its libellé.
            savedId = await repo.nextTransportId(tx);
            await repo.createTransport(tx, {
              id: savedId,
              code: `MODE_${savedId}`,
              label: libelle,
            });
          } else {
            savedId = (await repo.renameTransport(tx, id, libelle)).id;
          }
          const action = id === null ? 'transport.create' : 'transport.update';
          const data = before ? { from: before.label, to: libelle } : { libelle };
          await writeAudit(
            tx,
            actor,
            action,
            { type: 'transport', id: savedId, label: libelle },
            data,
          );
          return toTransport((await repo.transport(savedId, tx))!);
        }),
      ),

    removeTransport: (id: number, actor: Actor) =>
      transaction(async (tx) => {
        if ((await repo.lockTransport(tx, id)).length === 0) throw notFound(M.transportNotFound);
        const mode = toTransport((await repo.transport(id, tx))!);
        if (mode.protected) throw new AppError('CONFLICT', M.transportProtected);
        if (mode.uses > 0) throw new AppError('CONFLICT', M.transportInUse);
        await repo.deleteTransport(tx, id);
        await writeAudit(
          tx,
          actor,
          'transport.delete',
          { type: 'transport', id, label: mode.libelle },
          { libelle: mode.libelle },
        );
        return { message: M.deleted };
      }),
  };
}

export type ListsService = ReturnType<typeof listsService>;
