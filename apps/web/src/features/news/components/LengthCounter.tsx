import { frenchCount } from '@munegu/shared';
import { cx } from '../../../lib/cx';
import styles from './NewsEditor.module.css';

/**
 * '42 / 200 caractères' under a field (a FormField's hint): the limit is announced as the editor types or pastes,
 * never enforced by cutting the text (an input's maxLength drops a paste's end without a word).
 * Past the limit it turns red; the field's own error says what to do.
 */
export function LengthCounter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <span
      id={id}
      className={cx(styles['length-counter'], length > max && styles['length-counter--over'])}
      aria-live="polite"
    >
      {frenchCount(length)} / {frenchCount(max)} caractères
    </span>
  );
}
