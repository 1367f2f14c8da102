import { useId } from 'react';
import { LIMITS, TEXTS } from '@munegu/shared';
import { isOther, sortReasons, type ReasonPick } from './reasons';
import styles from './cancel.module.css';

type Props = {
  legend: string;
  pick: ReasonPick;
  /** Label of the free-text field shown for 'Autre'. */
  textLabel?: string;
};

/** A list of reasons as radios, 'Autre' last, with its free text (5 to 80 characters). */
export function ReasonPicker({ legend, pick, textLabel = 'Précise le motif' }: Props) {
  const id = useId();
  const { value, setValue: onChange } = pick;
  const reasons = pick.list.data;
  const failed = pick.list.isError;
  const other = isOther(reasons, value.id);
  return (
    <fieldset className={styles['reasons']}>
      <legend className={styles['reasons__legend']}>{legend}</legend>
      {failed && <p className="error-text">{TEXTS.listings.noReason}</p>}
      {sortReasons(reasons).map((reason) => (
        <label key={reason.id} className="checkbox">
          <input
            type="radio"
            name={id}
            checked={value.id === reason.id}
            onChange={() => onChange({ ...value, id: reason.id })}
          />
          {reason.label}
        </label>
      ))}
      {other && (
        <div className="field">
          <label htmlFor={`${id}-text`}>{textLabel}</label>
          <textarea
            id={`${id}-text`}
            className="input"
            rows={2}
            value={value.text}
            onChange={(event) => onChange({ ...value, text: event.target.value })}
          />
          <p className="field__hint">
            {value.text.trim().length} / {LIMITS.cancelReason.max}
          </p>
        </div>
      )}
    </fieldset>
  );
}
