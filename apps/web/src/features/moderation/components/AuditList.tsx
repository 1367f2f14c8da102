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
  'news.delete': 'Actualité supprimée',
  'contest.delete': 'Concours supprimé',
};

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** One line per entry: when, who, what, on what, and the reason if any (always as text). */
export function AuditList({ items }: { items: AuditEntry[] }) {
  return (
    <ol className={styles['audit']}>
      {items.map((e) => {
        const data = e.data ?? {};
        const target =
          text(data['pseudo']) ?? text(data['titre']) ?? `${e.targetType} ${e.targetId ?? ''}`;
        const reason = text(data['reason']);
        return (
          <li key={e.id} className={styles['audit__row']}>
            <span className={styles['audit__when']}>
              {formatDate(e.createdAt)} {formatTime(e.createdAt)}
            </span>
            <span>
              <strong>{ACTIONS[e.action] ?? e.action}</strong> — {target}
              {data['automatic'] === true && ' (fin automatique)'}
            </span>
            <span className={styles['audit__who']}>par {e.actor?.pseudo ?? 'le système'}</span>
            {reason && <span className={styles['audit__reason']}>« {reason} »</span>}
          </li>
        );
      })}
    </ol>
  );
}
