import { JOURNAL_TEXTS, journalSentence } from '@munegu/shared';
import { Link } from 'react-router-dom';
import { formatDate, formatTime } from '../../../lib/dates';
import type { AuditEntry } from '../api';
import { memberPagePath } from './ReportCard';
import styles from './AuditList.module.css';

/**
 * One journal row per line: when, then the sentence packages/shared writes for its action
 * ('Alice (Administrateur) a changé le rôle de karim13 : Membre → Modérateur'). Members named
 * link to their member file, which opens whatever their status (a suspended member's public
 * profile does not); everything else, reasons and titles included, is shown as text.
 */
export function AuditList({ items }: { items: AuditEntry[] }) {
  return (
    <ol className={styles['audit']} aria-label={JOURNAL_TEXTS.listLabel}>
      {items.map((e) => (
        <li key={e.id} className={styles['audit__row']}>
          <time className={styles['audit__when']} dateTime={e.createdAt}>
            {formatDate(e.createdAt)} {formatTime(e.createdAt)}
          </time>
          <p className={styles['audit__sentence']}>
            {journalSentence(e).map((part, i) =>
              part.member !== undefined ? (
                <Link key={i} to={memberPagePath(part.member)}>
                  {part.text}
                </Link>
              ) : (
                <span key={i} className={part.quote ? styles['audit__quote'] : undefined}>
                  {part.text}
                </span>
              ),
            )}
          </p>
        </li>
      ))}
    </ol>
  );
}
