import { formatDate, formatTime } from '../../../lib/dates';
import type { AuditEntry } from '../api';
import styles from './AuditList.module.css';

/** French names of the actions the log records; unknown ones are shown as stored. */
const ACTIONS: Record<string, string> = {
  'moderation.report.dismiss': 'Signalement classé',
  'moderation.user.warn': 'Avertissement',
  'moderation.user.suspend': 'Suspension',
  'moderation.user.ban': 'Bannissement',
  'moderation.user.lift': 'Levée de suspension',
  'news.create': 'Actualité publiée',
  'news.update': 'Actualité modifiée',
  'news.delete': 'Actualité supprimée',
  'contest.create': 'Concours créé',
  'contest.update': 'Concours modifié',
  'contest.delete': 'Concours supprimé',
};

/** French names of the fields an edit records (news and contests). */
const FIELDS: Record<string, string> = {
  titre: 'titre',
  contenu: 'texte',
  categorie: 'catégorie',
  imageObjectPosY: 'cadrage de l’image',
  dateFin: 'date de fin',
  image: 'visuel',
  lienInsta: 'lien Instagram',
  lienX: 'lien X',
};

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const record = (value: unknown) =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'aucun';
  if (field === 'dateFin' && typeof value === 'string')
    return `${formatDate(value)} ${formatTime(value)}`;
  return `« ${String(value)} »`;
}

/** 'titre (« A » → « B »), texte': what an edit changed; long texts are named only. */
function changes(data: Record<string, unknown>): string | null {
  const changed = data['changed'];
  if (!Array.isArray(changed)) return null;
  if (changed.length === 0) return 'Aucun champ modifié';
  const before = record(data['before']);
  const after = record(data['after']);
  const parts = changed.map((field: string) => {
    const name = FIELDS[field] ?? field;
    return field in after
      ? `${name} (${shown(field, before[field])} → ${shown(field, after[field])})`
      : name;
  });
  return `Modifié : ${parts.join(', ')}`;
}

/** One line per entry: when, who, what, on what, and the reason if any (always as text). */
export function AuditList({ items }: { items: AuditEntry[] }) {
  return (
    <ol className={styles['audit']}>
      {items.map((e) => {
        const data = e.data ?? {};
        const target =
          text(data['pseudo']) ?? text(data['titre']) ?? `${e.targetType} ${e.targetId ?? ''}`;
        const reason = text(data['reason']);
        const changed = changes(data);
        // A moderator's edit or deletion of an editor's news names whose work it was.
        const author =
          text(data['authorPseudo']) && data['authorId'] !== e.actor?.id
            ? text(data['authorPseudo'])
            : null;
        return (
          <li key={e.id} className={styles['audit__row']}>
            <span className={styles['audit__when']}>
              {formatDate(e.createdAt)} {formatTime(e.createdAt)}
            </span>
            <span>
              <strong>{ACTIONS[e.action] ?? e.action}</strong> — {target}
              {data['automatic'] === true && ' (fin automatique)'}
            </span>
            <span className={styles['audit__who']}>
              par {e.actor?.pseudo ?? 'le système'}
              {author && `, actualité de ${author}`}
            </span>
            {changed && <span className={styles['audit__changes']}>{changed}</span>}
            {reason && <span className={styles['audit__reason']}>« {reason} »</span>}
          </li>
        );
      })}
    </ol>
  );
}
