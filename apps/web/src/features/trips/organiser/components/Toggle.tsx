import { cx } from '../../../../lib/cx';
import styles from './organiser.module.css';

/** 'Payé' / 'Présent': a pressed-or-not button named after the member it ticks. */
export function Toggle({
  label,
  who,
  on,
  big = false,
  onChange,
}: {
  label: 'Payé' | 'Présent';
  who: string;
  on: boolean;
  big?: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <button
      type="button"
      className={cx(styles['toggle'], on && styles['toggle--on'], big && styles['toggle--big'])}
      aria-pressed={on}
      aria-label={`${label} : ${who}`}
      onClick={() => onChange(!on)}
    >
      <span aria-hidden="true">{on ? '✓' : ''}</span>
      {label}
    </button>
  );
}
