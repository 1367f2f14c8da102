import { useId } from 'react';
import styles from '../pages/SettingsPage.module.css';

/**
 * An on/off setting of the settings page, with its name and what it means. The whole line is
 * the label (a tap anywhere toggles), but a screen reader hears the name as the switch's name
 * and the meaning as its description, not both run together as one long name.
 */
export function Switch(props: {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
}) {
  const id = useId();
  return (
    <label className={styles['switch']}>
      <input
        type="checkbox"
        role="switch"
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-hint`}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span className={styles['switch__track']} aria-hidden="true" />
      <span>
        <strong id={`${id}-name`}>{props.label}</strong>
        <br />
        <small id={`${id}-hint`}>{props.hint}</small>
      </span>
    </label>
  );
}
