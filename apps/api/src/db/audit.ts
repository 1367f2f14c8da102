// The one writer of audit_logs. It lives in db/ rather than in a module because every module
// writes its audit row inside its own transaction (a change is never stored without its
// trace, nor the trace without the change): a modules/audit repository would be imported by
// the services of every other module, which the layering rule forbids, whereas db/ is the
// shared infrastructure they all use already (db/tx.ts). Callers build the row; this file
// stores it as given, so each row keeps its action, target and data exactly.
import type { Prisma } from '../generated/prisma/client.js';
import type { Db } from './client.js';
import type { Tx } from './tx.js';

/** One audit row. `actorId` null (or absent): the system or the shell operator. */
export interface AuditRow {
  actorId?: number | null;
  /** e.g. 'user.role', 'news.delete'. */
  action: string;
  targetType: string;
  targetId?: string | null;
  /** The target's name at the time (pseudo, "Monaco – Lens du 12/09", title) for the journal. */
  targetLabel?: string | null;
  data?: Prisma.InputJsonValue;
  ip?: string | null;
}

/** Who acted through the API, and the address the request came from. */
export interface Actor {
  id: number;
  ip?: string;
}

/** Stores one row in the caller's transaction. */
export const writeAuditRow = (tx: Tx | Db, row: AuditRow) =>
  tx.auditLog.create({ data: row, select: { id: true } });

/** Stores several rows at once in the caller's transaction. */
export const writeAuditRows = (tx: Tx | Db, rows: AuditRow[]) =>
  tx.auditLog.createMany({ data: rows });

/** What an action was done to; `label` names it in the journal (see AuditRow.targetLabel). */
export interface AuditTarget {
  type: string;
  id: number | string | null;
  label?: string | null;
}

/** The row of an action by `actor` on `target` (data `{}` when there is nothing to add). */
export function writeAudit(
  tx: Tx | Db,
  actor: Actor,
  action: string,
  target: AuditTarget,
  data: Prisma.InputJsonValue = {},
) {
  return writeAuditRow(tx, {
    actorId: actor.id,
    ip: actor.ip ?? null,
    action,
    targetType: target.type,
    targetId: target.id === null ? null : String(target.id),
    targetLabel: target.label ?? null,
    data,
  });
}

/** The row of an edit of one value: what it was (`from`) and what it became (`to`). */
export const writeAuditChange = (
  tx: Tx | Db,
  actor: Actor,
  action: string,
  target: AuditTarget,
  from: Prisma.InputJsonValue | null,
  to: Prisma.InputJsonValue | null,
) => writeAudit(tx, actor, action, target, { from, to });

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
