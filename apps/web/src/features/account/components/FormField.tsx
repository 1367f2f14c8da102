import type { ReactNode } from 'react';
import './forms.css';

type Props = { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode };

/** Label + control + inline error, wired for screen readers (the control sets aria-describedby). */
export function FormField({ id, label, error, hint, children }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <p className="field__hint">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria attributes for a control whose field may show an error. */
export function invalidProps(id: string, error?: string) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}
