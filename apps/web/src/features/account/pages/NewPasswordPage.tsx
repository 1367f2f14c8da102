import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useParams } from 'react-router-dom';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { ApiError } from '../../../lib/api';
import { useResetPassword } from '../mutations';
import { accountApi, accountKeys } from '../api';
import { tokenQuery } from '../tokenQuery';
import type { z } from 'zod';
import { AUTH_TEXTS, resetPasswordFormSchema } from '@munegu/shared';
import { TokenCard, TokenRetryCard } from '../components/TokenCard';
import { TextField, FormError, fieldsOf, INPUT } from '../../../components/ui/FormField';
import { AuthSubmit } from '../components/AuthSubmit';

type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** A used or expired link vs. a password the server refused (its message follows the text). */
export function resetError(e: unknown): string {
  if (e instanceof ApiError && (e.status === 404 || e.status === 410))
    return AUTH_TEXTS.invalidLink;
  if (e instanceof ApiError && e.fromServer && e.message === AUTH_TEXTS.invalidLink)
    return AUTH_TEXTS.invalidLink;
  const detail =
    e instanceof ApiError && e.errors.length
      ? e.errors.map((x) => x.message).join(' ')
      : e instanceof ApiError && e.fromServer
        ? e.message
        : '';
  return `Erreur lors de l'enregistrement du nouveau mot de passe ${detail}`.trim();
}

export default function NewPasswordPage() {
  const { token = '' } = useParams();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reset = useResetPassword();
  const check = useQuery({
    queryKey: accountKeys.checkResetToken(token),
    queryFn: tokenQuery((signal) => accountApi.checkResetToken(token, signal)),
    retry: false,
    staleTime: Infinity,
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirm: '' },
  });
  const field = fieldsOf(register, errors);

  if (check.isPending) return <LoadingOverlay fullScreen />;
  // The token is checked first: an unknown or expired link is a 404 (spec section 4). A check
  // that failed (offline, the server failing or asking to wait) says nothing of the link.
  if (check.isError) return <TokenRetryCard onRetry={() => void check.refetch()} />;
  if (!check.data?.valid) return <Navigate to="/404" replace />;

  if (done) {
    return (
      <TokenCard status="success" title="Mot de passe modifié avec succès !">
        <Link to="/login" className="btn btn--primary">
          Se connecter
        </Link>
      </TokenCard>
    );
  }

  const onSubmit = async (values: ResetPasswordForm) => {
    setError(null);
    try {
      await reset.mutateAsync({ token, newPassword: values.newPassword });
      setDone(true);
    } catch (e) {
      setError(resetError(e));
    }
  };

  return (
    <TokenCard status="neutral" title="Nouveau mot de passe">
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <TextField
          id="reset-password"
          label="Nouveau mot de passe"
          {...INPUT.newPassword}
          {...field('newPassword')}
        />
        <TextField
          id="reset-confirm"
          label="Confirmer le mot de passe"
          {...INPUT.newPassword}
          {...field('confirm')}
        />
        <FormError message={error} />
        <AuthSubmit disabled={isSubmitting}>Enregistrer</AuthSubmit>
      </form>
    </TokenCard>
  );
}
