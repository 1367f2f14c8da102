import type { Db } from '../../db/client.js';

export function healthRepository(db: Db) {
  return {
    /** true when the database answers a trivial query. */
    async ping(): Promise<boolean> {
      try {
        await db.$queryRaw`SELECT 1`;
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type HealthRepository = ReturnType<typeof healthRepository>;
