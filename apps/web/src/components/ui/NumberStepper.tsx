import { LIMITS } from '@munegu/shared';
import { MinusIcon, PlusIcon } from './icons';
import styles from './NumberStepper.module.css';

type Props = {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  /** Accessible name of the value, e.g. 'Nombre de places'. */
  label: string;
  disabled?: boolean;
};

/** Minus/plus around a number; each button is disabled at its bound (spec section 5). */
export function NumberStepper({
  value,
  onChange,
  min = LIMITS.stepper.min,
  max = LIMITS.stepper.max,
  step = 1,
  label,
  disabled = false,
}: Props) {
  const clamp = (n: number) => Math.min(max, Math.max(min, n));
  return (
    <div className={styles['stepper']} role="group" aria-label={label}>
      <button
        type="button"
        className={styles['stepper__btn']}
        aria-label={`Diminuer : ${label}`}
        disabled={disabled || value <= min}
        onClick={() => onChange(clamp(value - step))}
      >
        <MinusIcon size={18} />
      </button>
      <output className={styles['stepper__value']} aria-live="polite" aria-label={label}>
        {value}
      </output>
      <button
        type="button"
        className={styles['stepper__btn']}
        aria-label={`Augmenter : ${label}`}
        disabled={disabled || value >= max}
        onClick={() => onChange(clamp(value + step))}
      >
        <PlusIcon size={18} />
      </button>
    </div>
  );
}
