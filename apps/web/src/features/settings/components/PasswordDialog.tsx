import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { FormField, invalidProps } from '../../account/components/FormField';
import { passwordFormSchema } from '../schemas';
import { useUpdatePassword } from '../mutations';
import { DialogActions, SettingsDialog } from './SettingsDialog';

type Values = z.input<typeof passwordFormSchema>;
type Field = keyof Values;

const LABELS: Record<Field, [string, string]> = {
  oldPassword: ['Mot de passe actuel', 'current-password'],
  newPassword: ['Nouveau mot de passe', 'new-password'],
  confirm: ['Confirmer le nouveau mot de passe', 'new-password'],
};

/** Spec section 8: the server's message or 'Erreur'; 'Erreur réseau' when it never answered. */
export function passwordError(error: unknown): string {
  if (error instanceof ApiError && error.network) return 'Erreur réseau';
  if (error instanceof ApiError && error.fromServer && error.message) return error.message;
  return 'Erreur';
}

/** Change-password modal: current, new, confirmation, each with a show/hide toggle. */
export function PasswordDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [shown, setShown] = useState<Record<Field, boolean>>({
    oldPassword: false,
    newPassword: false,
    confirm: false,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdatePassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(passwordFormSchema),
    mode: 'onChange',
    defaultValues: { oldPassword: '', newPassword: '', confirm: '' },
  });

  const onSubmit = async (values: Values) => {
    setFailure(null);
    try {
      await update.mutateAsync({
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
      });
      onDone('Mot de passe mis à jour');
    } catch (error) {
      setFailure(passwordError(error));
    }
  };

  return (
    <SettingsDialog open={open} title="Changer mon mot de passe" onClose={onClose}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        {(Object.keys(LABELS) as Field[]).map((field) => {
          const id = `settings-${field}`;
          const error = errors[field]?.message;
          const [label, autoComplete] = LABELS[field];
          return (
            <FormField key={field} id={id} label={label} error={error}>
              <div className="password-input">
                <input
                  {...invalidProps(id, error)}
                  className="input"
                  type={shown[field] ? 'text' : 'password'}
                  autoComplete={autoComplete}
                  {...register(field)}
                />
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  aria-pressed={shown[field]}
                  aria-label={`${shown[field] ? 'Masquer' : 'Afficher'} : ${label}`}
                  onClick={() => setShown((s) => ({ ...s, [field]: !s[field] }))}
                >
                  {shown[field] ? 'Masquer' : 'Afficher'}
                </button>
              </div>
            </FormField>
          );
        })}
        <p className="field__hint">
          8 à 30 caractères avec une majuscule, une minuscule, un chiffre et un caractère spécial
          parmi ! @ # $ % & ? . — Changer ton mot de passe déconnecte tes sessions sur les autres
          appareils.
        </p>
        {failure && (
          <p className="error-text" role="alert">
            {failure}
          </p>
        )}
        <DialogActions disabled={!isValid || isSubmitting} />
      </form>
    </SettingsDialog>
  );
}
