import { splitCountdown } from '../../../lib/dates';
import { useNow } from '../../../lib/hooks';

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
      className="countdown"
      role="timer"
      aria-live="off"
      aria-label="Compte à rebours avant le coup d’envoi"
    >
      {UNITS.map(([key, label], index) => (
        <span key={key} className="countdown__part">
          <span className="countdown__value">{parts[key]}</span>
          <span className="countdown__unit">{label}</span>
          {index < UNITS.length - 1 && (
            <span className="countdown__sep" aria-hidden="true">
              :
            </span>
          )}
        </span>
      ))}
    </div>
  );
}
