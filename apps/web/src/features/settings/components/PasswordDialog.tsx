import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { PasswordField, FormError } from '../../../components/ui/FormField';
import { passwordFormSchema } from '../schemas';
import { useUpdatePassword } from '../mutations';
import { Dialog, FormDialogFooter } from '../../../components/ui/Dialog';

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
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdatePassword();
  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    formState: { errors, isValid, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(passwordFormSchema),
    mode: 'onChange',
    defaultValues: { oldPassword: '', newPassword: '', confirm: '' },
  });

  // The server's refusal was about what was typed before: editing takes it away. The new
  // password must differ from the current one: once typed, it is checked again as the current
  // one changes (not before, so that it shows no error before the member reaches it).
  const edited = (field: Field) => {
    setFailure(null);
    if (field === 'oldPassword' && getValues('newPassword')) void trigger('newPassword');
  };

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
    <Dialog open={open} title="Changer mon mot de passe" onClose={onClose} wide freshContent>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        {(Object.keys(LABELS) as Field[]).map((field) => (
          <PasswordField
            key={field}
            id={`settings-${field}`}
            label={LABELS[field][0]}
            autoComplete={LABELS[field][1]}
            error={errors[field]?.message}
            registration={register(field, { onChange: () => edited(field) })}
          />
        ))}
        <p className="field__hint">
          8 à 30 caractères avec une majuscule, une minuscule, un chiffre et un caractère spécial
          parmi ! @ # $ % & ? . — Changer ton mot de passe déconnecte tes sessions sur les autres
          appareils.
        </p>
        <FormError message={failure} />
        <FormDialogFooter disabled={!isValid || isSubmitting} />
      </form>
    </Dialog>
  );
}
