import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import type { Prisma } from '../../generated/prisma/client.js';

/** The administrator acting, and the address the request came from (audit log). */
export interface Actor {
  id: number;
  ip?: string;
}

/**
 * One audit row. Every administration write calls this with the transaction of the write, so
 * a change is never stored without its trace (nor the trace without the change).
 */
export function writeAudit(
  tx: Tx | Db,
  actor: Actor,
  action: string,
  target: { type: string; id: number | string | null },
  data: Prisma.InputJsonValue = {},
) {
  return tx.auditLog.create({
    data: {
      actorId: actor.id,
      ip: actor.ip ?? null,
      action,
      targetType: target.type,
      targetId: target.id === null ? null : String(target.id),
      data,
    },
  });
}
