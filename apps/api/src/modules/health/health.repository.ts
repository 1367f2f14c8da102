import { sqlOf, type Db } from '../../db/client.js';

export function healthRepository(db: Db) {
  // On the pool under Prisma: probes and load balancers call this often, and the ORM's
  // per-query work would be most of it (bench/api.bench.ts).
  const sql = sqlOf(db);
  return {
    /** true when the database answers a trivial query. */
    async ping(): Promise<boolean> {
      try {
        await sql.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type HealthRepository = ReturnType<typeof healthRepository>;
