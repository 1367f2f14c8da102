import type { Clock } from '../../lib/clock.js';
import type { ImageStore } from '../../lib/image-store.js';
import type { StoredImagesRepository } from './news.repository.js';

/**
 * Deletes the stored images no news item or contest shows: a visual uploaded in a contest
 * dialog the editor then cancelled, a post's image fetched for a preview never published, a
 * deleted news item's image. Each is written before anything refers to it (the editor sees it
 * first), so only files older than `graceMs` are looked at: an editor still filling in the form
 * keeps theirs. Run by a scheduled job (SCHEDULE_UPLOADS_SWEEP).
 */
export function uploadsSweepService({
  stores,
  repo,
  clock,
  graceMs,
}: {
  stores: Pick<ImageStore, 'list' | 'remove'>[];
  repo: StoredImagesRepository;
  clock: Clock;
  graceMs: number;
}) {
  return {
    /** Deletes the unused images older than the grace period; answers how many. */
    async sweep(): Promise<number> {
      const before = clock.now().getTime() - graceMs;
      let removed = 0;
      for (const store of stores) {
        const old = (await store.list()).filter((f) => f.writtenAt.getTime() < before);
        const inUse = await repo.inUse(old.map((f) => f.path));
        for (const file of old) {
          if (inUse.has(file.path)) continue;
          await store.remove(file.path);
          removed += 1;
        }
      }
      return removed;
    },
  };
}

export type UploadsSweepService = ReturnType<typeof uploadsSweepService>;
