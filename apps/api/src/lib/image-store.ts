import { randomUUID } from 'node:crypto';
import { access, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/**
 * Re-encoded images the server keeps under one folder of /uploads (news, contests): it names
 * every file itself, and only paths of that form under its own prefix are ever looked up, so
 * no caller-given path can point outside the folder.
 */
export function imageStore(dir: string, publicPrefix: string) {
  /** The file name of a path this store could have written, or null. */
  const ownFile = (publicPath: string) => {
    const file = publicPath.slice(publicPrefix.length + 1);
    return publicPath.startsWith(`${publicPrefix}/`) && STORED_NAME.test(file) ? file : null;
  };
  return {
    /** Writes WebP bytes (already re-encoded by lib/images.ts) and returns their public path. */
    async save(webp: Buffer): Promise<string> {
      const file = `${randomUUID()}.webp`;
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, file), webp, { flag: 'wx' });
      return `${publicPrefix}/${file}`;
    },
    /** True when `publicPath` is a file this store wrote. */
    async has(publicPath: string): Promise<boolean> {
      const file = ownFile(publicPath);
      if (!file) return false;
      return access(path.join(dir, file)).then(
        () => true,
        () => false,
      );
    },
    /**
     * The files this store wrote, with when each was written (anything else in the folder is
     * not listed); none when the folder does not exist yet.
     */
    async list(): Promise<{ path: string; writtenAt: Date }[]> {
      const names = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return [];
        throw e;
      });
      const files = names.filter((name) => STORED_NAME.test(name));
      const stats = await Promise.all(
        files.map((name) => stat(path.join(dir, name)).catch(() => null)),
      );
      return files.flatMap((name, i) => {
        const written = stats[i];
        return written ? [{ path: `${publicPrefix}/${name}`, writtenAt: written.mtime }] : [];
      });
    },
    /** Deletes a file this store wrote; anything else, or a file already gone, is left alone. */
    async remove(publicPath: string): Promise<void> {
      const file = ownFile(publicPath);
      if (file) await rm(path.join(dir, file), { force: true });
    },
  };
}

export type ImageStore = ReturnType<typeof imageStore>;
