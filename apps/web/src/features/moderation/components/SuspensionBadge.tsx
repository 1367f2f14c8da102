import { formatDate } from '../../../lib/dates';
import styles from './SuspensionBadge.module.css';

/** 'Banni' or 'Suspendu jusqu’au …' next to a member; nothing for an active one. */
export function SuspensionBadge({ status, until }: { status: string; until: string | null }) {
  if (status !== 'SUSPENDED') return null;
  return (
    <span className={styles['badge']}>
      {until ? `Suspendu jusqu’au ${formatDate(until)}` : 'Banni'}
    </span>
  );
}

/** 'Silence jusqu’au …' next to a silenced member (staff screens only). */
export function SilenceBadge({ until }: { until: string }) {
  return <span className={styles['badge']}>Silence jusqu’au {formatDate(until)}</span>;
}
