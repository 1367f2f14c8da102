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

type Field = string | number | boolean | Date | null;
const shown = (value: Field) => (value instanceof Date ? value.toISOString() : value);
const same = (a: Field, b: Field) => shown(a) === shown(b);

/**
 * What an edit changed, for the `data` of its audit row: the names of the changed fields, and
 * their values before and after, except the `namesOnly` ones (long texts such as a news body,
 * which the log names but does not copy).
 */
export function auditChanges<K extends string>(
  before: Record<K, Field>,
  after: Record<K, Field>,
  namesOnly: readonly K[] = [],
) {
  const changed = (Object.keys(after) as K[]).filter((k) => !same(before[k], after[k]));
  const copied = changed.filter((k) => !namesOnly.includes(k));
  const values = (row: Record<K, Field>) =>
    Object.fromEntries(copied.map((k) => [k, shown(row[k])]));
  return { changed, before: values(before), after: values(after) };
}
