import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_FILE } from '@munegu/shared';

/**
 * Avatar files under `<DATA_DIR>/uploads/avatar`, served statically at /uploads/avatar/<file>.
 * Every name is checked against AVATAR_FILE ('<id>-<random>.webp') before touching the disk,
 * so no caller-provided name can escape the folder.
 */
export function avatarStorage(dir: string) {
  const pathOf = (file: string) => {
    if (!AVATAR_FILE.test(file)) throw new Error('Nom de fichier d’avatar invalide.');
    return path.join(dir, file);
  };
  return {
    async write(file: string, bytes: Buffer): Promise<void> {
      await mkdir(dir, { recursive: true });
      await writeFile(pathOf(file), bytes, { flag: 'wx' });
    },
    /** null when the file does not exist. */
    async read(file: string): Promise<Buffer | null> {
      try {
        return await readFile(pathOf(file));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    /** Missing files are fine: removal is best effort once the database no longer points there. */
    async remove(file: string): Promise<void> {
      await rm(pathOf(file), { force: true });
    },
  };
}

export type AvatarStorage = ReturnType<typeof avatarStorage>;
