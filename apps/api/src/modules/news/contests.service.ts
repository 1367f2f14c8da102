import { CONTEST_TEXTS as M, contestEndProblem } from '@munegu/shared';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { ImageStore } from '../../lib/image-store.js';
import { reencodeImage } from '../../lib/images.js';
import { contestFields, type ContestInput } from './news.mapper.js';
import type { ContestsRepository, StaffActor } from './news.repository.js';

/** Who writes news and contests (routes name the caller with it). */
export type { StaffActor };

type Input = ContestInput;

/**
 * Editors' contests (REDACTEUR and above): the visual is stored here, never linked from
 * elsewhere, and the end must still be ahead (a contest is listed only until its end, so an end
 * already passed would make it vanish as it is saved).
 */
export function contestsService({
  repo,
  images,
  clock,
}: {
  repo: ContestsRepository;
  /** The visuals (/uploads/contests). */
  images: ImageStore;
  clock: Clock;
}) {
  async function data(input: Input) {
    const fields = contestFields(input);
    const endProblem = contestEndProblem(fields.endsAt, clock.now());
    if (endProblem)
      throw new AppError('VALIDATION', endProblem, {
        details: [{ path: 'dateFin', message: endProblem }],
      });
    if (!(await images.has(input.image)))
      throw new AppError('VALIDATION', M.invalidImage, {
        details: [{ path: 'image', message: M.invalidImage }],
      });
    return fields;
  }
  const notFound = () => new AppError('NOT_FOUND', M.notFound);
  /** A visual no contest shows any more leaves the disk (it was kept forever). */
  async function forget(image: string | null) {
    if (image && !(await repo.imageInUse(image))) await images.remove(image);
  }

  return {
    /** Checks the bytes (lib/images.ts, 'contest' profile), stores WebP, returns its path. */
    async storeImage(bytes: Buffer): Promise<{ image: string }> {
      return { image: await images.save(await reencodeImage(bytes, 'contest')) };
    },
    /** `by`: who the audit log names (the editor and their address). */
    async create(input: Input, by: StaffActor) {
      const created = await repo.create(await data(input), by);
      return { message: M.created, id: created.id };
    },
    async update(id: number, input: Input, by: StaffActor) {
      if (!(await repo.exists(id))) throw notFound();
      const updated = await repo.update(id, await data(input), by);
      if (!updated) throw notFound();
      await forget(updated.replacedImage);
      return { message: M.updated, id };
    },
    async remove(id: number, by: StaffActor) {
      if (!(await repo.exists(id))) throw notFound();
      const removed = await repo.remove(id, by);
      if (!removed) throw notFound();
      await forget(removed.image);
      return { message: M.deleted };
    },
  };
}

export type ContestsService = ReturnType<typeof contestsService>;
