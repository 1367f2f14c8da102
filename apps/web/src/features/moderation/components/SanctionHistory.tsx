import type { SanctionEntry } from '../api';
import { formatDate, formatTime } from '../../../lib/dates';
import { roleName } from '@munegu/shared';
import shared from '../moderation.module.css';
import styles from './SanctionHistory.module.css';

const days = (n: number) => `${n} jour${n > 1 ? 's' : ''}`;
const LIFTED: Record<string, string> = {
  suspension: 'Suspension levée',
  ban: 'Bannissement levé',
  silence: 'Silence levé',
};

/** What the decision was, in a moderator's words. */
function what(entry: SanctionEntry): string {
  const until = entry.until ? `, jusqu’au ${formatDate(entry.until)}` : '';
  switch (entry.kind) {
    case 'warn':
      return 'Avertissement';
    case 'silence':
      return `Réduit au silence${entry.days ? ` ${days(entry.days)}` : ''}${until}`;
    case 'suspend':
      return `Suspension${entry.days ? ` de ${days(entry.days)}` : ''}${until}`;
    case 'ban':
      return 'Bannissement';
    case 'lift':
      if (!entry.by) return 'Fin de la suspension à la date prévue';
      return (entry.lifted && LIFTED[entry.lifted]) || 'Sanction levée';
  }
}

/** A member's sanctions and their liftings, newest first: what, who, when, why. */
export function SanctionHistory({ entries }: { entries: SanctionEntry[] }) {
  if (entries.length === 0) return <p className="empty-state">Aucune sanction à ce jour.</p>;
  return (
    <ol className={shared['stack']}>
      {entries.map((e) => (
        <li key={e.id} className={`${styles['entry']} ${styles[`entry--${e.kind}`] ?? ''}`}>
          <p className={styles['entry__what']}>{what(e)}</p>
          <p className={styles['entry__meta']}>
            {e.by ? `par ${e.by.pseudo} (${roleName(e.by.role)})` : 'automatiquement'} le{' '}
            {formatDate(e.at)} à {formatTime(e.at)}
            {e.reportId !== null ? ', suite à un signalement' : ''}
          </p>
          {e.reason && <p className={styles['entry__reason']}>« {e.reason} »</p>}
        </li>
      ))}
    </ol>
  );
}
