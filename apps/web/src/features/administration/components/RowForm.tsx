import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { cx } from '../../../lib/cx';
import styles from './RowForm.module.css';
import { Button } from '../../../components/ui/Button';

export type RowField = {
  name: string;
  label: string;
  type?: 'text' | 'number' | 'color' | 'url';
  maxLength?: number;
  placeholder?: string;
};

type Props = {
  fields: RowField[];
  initial?: Record<string, string>;
  submitLabel: string;
  busy?: boolean;
  /** Resolves true when saved: a new-row form then empties itself. */
  onSubmit: (values: Record<string, string>) => Promise<boolean>;
  onCancel?: () => void;
};

/**
 * A one-line form of a reference list (new row or edit in place). The server checks every
 * value again; errors come back as toasts with its French message.
 */
export function RowForm({ fields, initial = {}, submitLabel, busy, onSubmit, onCancel }: Props) {
  const id = useId();
  const empty = Object.fromEntries(fields.map((f) => [f.name, initial[f.name] ?? '']));
  const [values, setValues] = useState<Record<string, string>>(empty);
  const first = useRef<HTMLInputElement>(null);
  const editing = onCancel !== undefined;
  // An edit in place replaces the button that opened it: the focus goes to its field, where
  // what is typed next belongs (it was lost on the page's body).
  useEffect(() => {
    if (editing) first.current?.focus();
  }, [editing]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ((await onSubmit(values)) && !onCancel) setValues(empty);
  };
  return (
    <form
      className={styles['form']}
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && onCancel) onCancel();
      }}
    >
      {fields.map((f, i) => (
        <label
          key={f.name}
          className={cx(styles['form__field'], f.type === 'color' && styles['form__field--narrow'])}
          htmlFor={`${id}-${f.name}`}
        >
          {f.label}
          <input
            ref={i === 0 ? first : undefined}
            id={`${id}-${f.name}`}
            className="input"
            type={f.type ?? 'text'}
            maxLength={f.maxLength}
            placeholder={f.placeholder}
            value={values[f.name] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
          />
        </label>
      ))}
      <div className={styles['form__actions']}>
        <button type="submit" className="btn btn--primary btn--small" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <Button variant="ghost" small onClick={onCancel}>
            Annuler
          </Button>
        )}
      </div>
    </form>
  );
}
