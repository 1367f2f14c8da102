import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import type {
  FieldErrors,
  FieldValues,
  Path,
  UseFormRegister,
  UseFormRegisterReturn,
} from 'react-hook-form';

type Props = { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode };

/**
 * Label + control + hint + inline error, wired for screen readers: the control (id `id`) sets
 * aria-describedby with `invalidProps(id, error, Boolean(hint))`. The hint carries
 * `data-hint-for`, by which the tests' set-up fails any rendered hint its control does not read.
 */
export function FormField({ id, label, error, hint, children }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="field__hint" data-hint-for={id}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * aria attributes for a control whose field may show an error, and a hint (`hinted`): both
 * are read with the control, the error first.
 */
export function invalidProps(id: string, error?: string, hinted = false) {
  const described = [error ? `${id}-error` : '', hinted ? `${id}-hint` : ''].filter(Boolean);
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
  } as const;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** What react-hook-form's `register(name)` returns; absent for a controlled input. */
  registration?: UseFormRegisterReturn;
  /** The input itself (a dialog's first focus); a registration brings its own. */
  ref?: Ref<HTMLInputElement>;
};

/** The common case: a labelled text input with its inline error (registered, or controlled). */
export function TextField({ id, label, error, hint, registration, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <input
        {...invalidProps(id, error, Boolean(hint))}
        className="input"
        {...input}
        {...registration}
      />
    </FormField>
  );
}

/** The input attributes of the usual kinds of field, so a form writes only what is its own. */
export const INPUT = {
  email: { type: 'email', autoComplete: 'email' },
  currentPassword: { type: 'password', autoComplete: 'current-password' },
  newPassword: { type: 'password', autoComplete: 'new-password' },
} as const;

/**
 * `field('email')` gives a react-hook-form field's inline error and registration, the two
 * props a TextField takes from its form.
 */
export function fieldsOf<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
) {
  return (name: Path<T>) => {
    const message = (errors[name] as { message?: unknown } | undefined)?.message;
    return {
      error: typeof message === 'string' ? message : undefined,
      registration: register(name),
    };
  };
}

type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password input with its 'Afficher' / 'Masquer' toggle (the value never leaves the field). */
export function PasswordField({
  id,
  label,
  error,
  hint,
  registration,
  ...input
}: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <div className="password-input">
        <input
          {...invalidProps(id, error, Boolean(hint))}
          className="input"
          type={shown ? 'text' : 'password'}
          {...input}
          {...registration}
        />
        <button
          type="button"
          className="btn btn--ghost btn--small"
          aria-pressed={shown}
          aria-label={`${shown ? 'Masquer' : 'Afficher'} : ${label}`}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Masquer' : 'Afficher'}
        </button>
      </div>
    </FormField>
  );
}

/** A form's error that belongs to no single field (the server's answer), announced at once. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="error-text" role="alert">
      {message}
    </p>
  );
}
