import { TRIP_LIMITS } from '@munegu/shared';
import styles from './trips.module.css';

const COUNTS = Array.from({ length: TRIP_LIMITS.seatsPerRegistration }, (_, i) => i + 1);

/**
 * The seats of a registration, 1 to 4 (the member and up to 3 companions): one large button
 * per count, one tap, no typing on a phone.
 */
export function SeatPicker({
  value,
  onChange,
  disabled = false,
}: {
  value: number;
  onChange: (count: number) => void;
  disabled?: boolean;
}) {
  return (
    <div className={styles['seats']} role="group" aria-label="Nombre de places">
      {COUNTS.map((count) => (
        <button
          key={count}
          type="button"
          className={styles['seats__option']}
          aria-pressed={value === count}
          aria-label={count === 1 ? '1 place' : `${count} places`}
          disabled={disabled}
          onClick={() => onChange(count)}
        >
          {count}
        </button>
      ))}
    </div>
  );
}
