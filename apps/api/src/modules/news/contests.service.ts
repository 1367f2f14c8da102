import { randomUUID } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONTEST_MESSAGES as M, type contestInputSchema } from '@munegu/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { reencodeImage } from '../../lib/images.js';
import type { ContestsRepository } from './news.repository.js';

type Input = z.output<typeof contestInputSchema>;

/** Editors' contests (REDACTEUR and above): the visual is stored here, never linked from elsewhere. */
export function contestsService({
  repo,
  uploadsDir,
}: {
  repo: ContestsRepository;
  /** Folder of /uploads/contests. */
  uploadsDir: string;
}) {
  async function data(input: Input) {
    const stored = await access(path.join(uploadsDir, path.basename(input.image))).then(
      () => true,
      () => false,
    );
    if (!stored) throw new AppError('VALIDATION', M.invalidImage);
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
      const webp = await reencodeImage(bytes, 'contest');
      const file = `${randomUUID()}.webp`;
      await mkdir(uploadsDir, { recursive: true });
      await writeFile(path.join(uploadsDir, file), webp);
      return { image: `/uploads/contests/${file}` };
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
    async remove(id: number) {
      if (!(await repo.exists(id))) throw notFound();
      await repo.remove(id);
      return { message: M.deleted };
    },
  };
}

export type ContestsService = ReturnType<typeof contestsService>;
