import { splitCountdown } from '../../../lib/dates';
import { useNow } from '../../../lib/hooks';
import styles from './Countdown.module.css';

const UNITS = [
  ['days', 'Jours'],
  ['hours', 'Heures'],
  ['minutes', 'Min'],
  ['seconds', 'Sec'],
] as const;

/** dd:hh:mm:ss until `target`, refreshed every second. */
export function Countdown({ target }: { target: Date }) {
  const now = useNow(1000);
  const parts = splitCountdown(target.getTime() - now);
  return (
    <div
      className={styles['countdown']}
      role="timer"
      aria-live="off"
      aria-label="Compte à rebours avant le coup d’envoi"
    >
      {UNITS.map(([key, label], index) => (
        <span key={key} className={styles['countdown__part']}>
          <span className={styles['countdown__value']}>{parts[key]}</span>
          <span className={styles['countdown__unit']}>{label}</span>
          {index < UNITS.length - 1 && (
            <span className={styles['countdown__sep']} aria-hidden="true">
              :
            </span>
          )}
        </span>
      ))}
    </div>
  );
}
