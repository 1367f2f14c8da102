import { JOURNAL_GONE, JOURNAL_TEXTS, type AuditEntry, type Role } from '@munegu/shared';
import type { JournalRow, NamedType } from './journal.repository.js';

type Data = Record<string, unknown>;

/** Rows are written as objects; anything else (older rows, scripts) is kept under `value`. */
const asData = (data: unknown): Data | null =>
  data === null
    ? null
    : typeof data === 'object' && !Array.isArray(data)
      ? (data as Data)
      : { value: data };

const NAMED: readonly NamedType[] = [
  'match',
  'news',
  'contest',
  'club',
  'title',
  'antenna',
  'news-category',
  'reason',
];
export const isNamed = (type: string): type is NamedType =>
  (NAMED as readonly string[]).includes(type);

/** The member a row is about: its target, or the member a dismissed report was about. */
export function memberOf(row: Pick<JournalRow, 'targetType' | 'targetId' | 'data'>): number | null {
  if (row.targetType === 'user') return Number(row.targetId) || null;
  const reported = asData(row.data)?.['reportedUserId'];
  return row.targetType === 'report' && typeof reported === 'number' ? reported : null;
}

/**
 * What an edit changed, from the shapes the writers use: `{ from, to }` (db/audit.ts
 * writeAuditChange), `{ changed, before, after }` (auditChanges), and the older score rows
 * that kept only the new score.
 */
export function changeOf(action: string, data: Data | null): AuditEntry['change'] {
  if (!data) return null;
  if ('from' in data || 'to' in data)
    return 'from' in data ? { from: data['from'], to: data['to'] ?? null } : { to: data['to'] };
  if (Array.isArray(data['changed']))
    return { from: data['before'] ?? {}, to: data['after'] ?? {} };
  if (action === 'match.score' && 'buts_dom' in data)
    return { to: { buts_dom: data['buts_dom'], buts_ext: data['buts_ext'] } };
  return null;
}

/** What the mapper needs besides the row: the members and target names read for the page. */
export interface JournalLookups {
  members: Map<number, { id: number; username: string; status: string; role: Role }>;
  names: Map<string, Map<number, string>>;
  /** Whose reports the reader sees (reportedRolesFor): about anyone else, no report is named. */
  reportedRoles: Role[];
}

const textIn = (data: Data | null, ...keys: string[]) => {
  for (const key of keys) {
    const v = data?.[key];
    if (typeof v === 'string' && v) return v;
  }
  return null;
};

/**
 * One journal entry. The target's name is the one stored with the row; for older rows, the
 * target's name now, else what the row's data kept, else a word saying it is gone. A member
 * whose account has been deleted since is never named (nor linked): not by the label, nor by
 * the pseudo some rows keep in their data.
 */
export function toJournalEntry(
  row: JournalRow,
  { members, names, reportedRoles }: JournalLookups,
): AuditEntry {
  let data = asData(row.data);
  const memberId = memberOf(row);
  const member = memberId === null ? undefined : members.get(memberId);
  // A sanction on a staff member stays in the journal, but the report that led to it is the
  // admins' (its id answers the others 404): the row does not name it for them.
  if (member && !reportedRoles.includes(member.role) && data && 'reportId' in data) {
    const { reportId: _reportId, ...rest } = data;
    data = rest;
  }
  const memberGone = memberId !== null && (!member || member.status === 'DELETED');
  if (memberGone && data && 'pseudo' in data) {
    const { pseudo: _pseudo, ...rest } = data;
    data = rest;
  }
  const current =
    isNamed(row.targetType) && row.targetId
      ? names.get(row.targetType)?.get(Number(row.targetId))
      : undefined;
  const targetLabel = memberGone
    ? JOURNAL_TEXTS.deletedMember
    : (row.targetLabel ??
      member?.username ??
      current ??
      textIn(data, 'titre', 'libelle', 'nom', 'label') ??
      (row.targetId ? (JOURNAL_GONE[row.targetType] ?? null) : null));
  const actor = row.actor;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    actor: actor && {
      id: actor.id,
      pseudo: actor.status === 'DELETED' ? JOURNAL_TEXTS.deletedMember : actor.username,
      role: actor.role,
      deleted: actor.status === 'DELETED',
    },
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel,
    targetUser: member && !memberGone ? { id: member.id, pseudo: member.username } : null,
    change: changeOf(row.action, data),
    data,
  };
}
