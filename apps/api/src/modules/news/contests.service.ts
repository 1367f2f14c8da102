import { CONTEST_MESSAGES as M, type contestInputSchema } from '@munegu/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import type { ImageStore } from '../../lib/image-store.js';
import { reencodeImage } from '../../lib/images.js';
import type { ContestsRepository, DeletionActor } from './news.repository.js';

type Input = z.output<typeof contestInputSchema>;

/** Editors' contests (REDACTEUR and above): the visual is stored here, never linked from elsewhere. */
export function contestsService({
  repo,
  images,
}: {
  repo: ContestsRepository;
  /** The visuals (/uploads/contests). */
  images: ImageStore;
}) {
  async function data(input: Input) {
    if (!(await images.has(input.image))) throw new AppError('VALIDATION', M.invalidImage);
    return {
      titre: input.titre,
      dateFin: new Date(input.dateFin),
      image: input.image,
      lienInsta: input.lienInsta ?? null,
      lienX: input.lienX ?? null,
    };
  }
  const notFound = () => new AppError('NOT_FOUND', 'Concours introuvable.');

  return {
    /** Checks the bytes (lib/images.ts, 'contest' profile), stores WebP, returns its path. */
    async storeImage(bytes: Buffer): Promise<{ image: string }> {
      return { image: await images.save(await reencodeImage(bytes, 'contest')) };
    },
    async create(input: Input) {
      const created = await repo.create(await data(input));
      return { message: M.saved, id: created.id };
    },
    async update(id: number, input: Input) {
      if (!(await repo.exists(id))) throw notFound();
      await repo.update(id, await data(input));
      return { message: M.saved, id };
    },
    async remove(id: number, by: DeletionActor) {
      if (!(await repo.exists(id))) throw notFound();
      await repo.remove(id, by);
      return { message: M.deleted };
    },
  };
}

export type ContestsService = ReturnType<typeof contestsService>;
