import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '../../../lib/api';
import { useRequestPasswordReset } from '../mutations';
import type { z } from 'zod';
import { passwordResetRequestSchema } from '@munegu/shared';
import { TextField, fieldsOf, INPUT } from '../../../components/ui/FormField';
import styles from './ForgotPasswordForm.module.css';
import { Button } from '../../../components/ui/Button';
import { SubmitButton } from '../../../components/ui/SubmitButton';

type Values = z.input<typeof passwordResetRequestSchema>;
type Output = z.output<typeof passwordResetRequestSchema>;

/** Asks for a reset link (email + birth date); the answer never says whether the account exists. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '', birthDate: '' },
  });
  const field = fieldsOf(register, errors);
  // This form replaces the sign-in form the member was in: without this, the focus would fall
  // back to the page's start and a keyboard user would have to find the form again.
  useEffect(() => setFocus('email'), [setFocus]);

  const onSubmit = async (values: Output) => {
    try {
      await request.mutateAsync(values);
      setResult({ ok: true, text: 'Si un compte existe, un mail a été envoyé.' });
    } catch (e) {
      setResult({
        ok: false,
        text:
          e instanceof ApiError && e.network
            ? 'Erreur réseau : impossible de contacter le serveur.'
            : "Erreur lors de l'envoi de la demande.",
      });
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="forgot-title">
      <h2 id="forgot-title" className={styles['auth-form__title']}>
        Mot de passe oublié
      </h2>
      <p className="field__hint">
        Indique ton adresse e-mail et ta date de naissance pour recevoir un lien.
      </p>
      <TextField id="forgot-email" label="Adresse e-mail" {...INPUT.email} {...field('email')} />
      <TextField
        id="forgot-birth"
        label="Date de naissance (JJ/MM/AAAA)"
        inputMode="numeric"
        placeholder="JJ/MM/AAAA"
        maxLength={10}
        autoComplete="bday"
        {...field('birthDate')}
      />
      {result && (
        <p className={result.ok ? 'success-text' : 'error-text'} role="status">
          {result.text}
        </p>
      )}
      <div className={styles['auth-form__row']}>
        <Button variant="ghost" onClick={onBack}>
          Retour
        </Button>
        <SubmitButton variant="primary" disabled={isSubmitting}>
          Envoyer le lien
        </SubmitButton>
      </div>
    </form>
  );
}
