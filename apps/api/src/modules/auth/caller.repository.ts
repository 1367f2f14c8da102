import type { Db } from '../../db/client.js';

/** The one lookup the auth plugin makes per authenticated request (primary key). */
export function callerRepository(db: Db) {
  return {
    findById: (id: number) =>
      db.user.findUnique({ where: { id }, select: { id: true, role: true, status: true } }),
  };
}
export type CallerRepository = ReturnType<typeof callerRepository>;
