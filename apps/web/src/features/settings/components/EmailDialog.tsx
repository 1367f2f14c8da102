import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { errorMessage } from '../../../lib/api';
import { TextField, FormError, fieldsOf, INPUT } from '../../../components/ui/FormField';
import { emailFormSchema } from '../schemas';
import { useUpdateEmail } from '../mutations';
import { Dialog, FormDialogFooter } from '../../../components/ui/Dialog';
import { Email } from '../../../components/ui/Email';

type Values = z.output<typeof emailFormSchema>;

/**
 * E-mail change (spec section 4): new address + current password, then a confirmation dialog,
 * then the request; `onChanged` signs the member out (they confirm from the mailed link).
 */
export function EmailDialog({
  open,
  current,
  onClose,
  onChanged,
}: {
  open: boolean;
  current: string;
  onClose: () => void;
  onChanged: (message: string) => void;
}) {
  const [pending, setPending] = useState<Values | null>(null);
  const update = useUpdateEmail();
  const busy = update.isPending;
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<z.input<typeof emailFormSchema>, unknown, Values>({
    resolver: zodResolver(emailFormSchema),
    mode: 'onChange',
    defaultValues: { email: '', password: '' },
  });
  const field = fieldsOf(register, errors);

  const send = () => {
    if (!pending) return;
    setFailure(null);
    update.mutate(pending, {
      onSuccess: () => onChanged('Un email de confirmation vous a été envoyé.'),
      onError: (error) => setFailure(errorMessage(error, 'Erreur lors de la mise à jour')),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Dialog
      open={open}
      title="Modifier mon adresse e-mail"
      description={
        <>
          Adresse actuelle : <Email address={current} />
        </>
      }
      onClose={onClose}
      wide
      freshContent
    >
      <form onSubmit={handleSubmit((values) => setPending(values))} noValidate>
        <TextField
          id="settings-email"
          label="Nouvelle adresse e-mail"
          {...INPUT.email}
          {...field('email')}
        />
        <TextField
          id="settings-email-password"
          label="Mot de passe actuel"
          {...INPUT.currentPassword}
          {...field('password')}
        />
        <p className="field__hint">
          Tu seras déconnecté et devras confirmer la nouvelle adresse depuis le lien reçu par
          e-mail.
        </p>
        <FormError message={failure} />
        <FormDialogFooter disabled={!isValid || busy} />
      </form>
      <ConfirmDialog
        open={pending !== null}
        title="Changer d’adresse e-mail"
        message={`Confirmer le changement d’adresse e-mail vers ${pending?.email ?? ''} ?`}
        busy={busy}
        onConfirm={send}
        onCancel={() => setPending(null)}
      />
    </Dialog>
  );
}
