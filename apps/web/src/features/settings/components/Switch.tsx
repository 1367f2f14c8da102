import styles from '../pages/SettingsPage.module.css';

/** An on/off setting of the settings page, with its name and what it means. */
export function Switch(props: {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
}) {
  return (
    <label className={styles['switch']}>
      <input
        type="checkbox"
        role="switch"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span className={styles['switch__track']} aria-hidden="true" />
      <span>
        <strong>{props.label}</strong>
        <br />
        <small>{props.hint}</small>
      </span>
    </label>
  );
}
