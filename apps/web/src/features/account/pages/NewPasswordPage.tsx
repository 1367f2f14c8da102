import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useParams } from 'react-router-dom';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { ABORTED, ApiError } from '../../../lib/api';
import { accountApi, accountKeys } from '../api';
import { tokenQuery } from '../tokenQuery';
import { resetPasswordSchema, type ResetPasswordForm } from '../schemas';
import { TokenCard } from '../components/TokenCard';
import { FormField, invalidProps } from '../components/FormField';

export default function NewPasswordPage() {
  const { token = '' } = useParams();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const check = useQuery({
    queryKey: accountKeys.checkToken(token),
    queryFn: tokenQuery((signal) => accountApi.checkToken(token, signal)),
    retry: false,
    staleTime: Infinity,
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });

  if (check.isPending) return <LoadingOverlay fullScreen />;
  // The token is checked first: an unknown or expired link is a 404 (spec section 4).
  if (check.isError || !check.data?.valid) return <Navigate to="/404" replace />;

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
      if ((await accountApi.resetPassword({ token, newPassword: values.password })) === ABORTED)
        return;
      setDone(true);
    } catch (e) {
      if (e instanceof ApiError && (e.status === 400 || e.status === 404))
        setError('Lien invalide ou expiré.');
      else
        setError(
          `Erreur lors de l'enregistrement du nouveau mot de passe ${e instanceof ApiError && e.fromServer ? e.message : ''}`.trim(),
        );
    }
  };

  return (
    <TokenCard status="neutral" title="Nouveau mot de passe">
      <form className="auth-form" onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField
          id="reset-password"
          label="Nouveau mot de passe"
          error={errors.password?.message}
        >
          <input
            {...invalidProps('reset-password', errors.password?.message)}
            className="input"
            type="password"
            autoComplete="new-password"
            {...register('password')}
          />
        </FormField>
        <FormField
          id="reset-confirm"
          label="Confirmer le mot de passe"
          error={errors.confirm?.message}
        >
          <input
            {...invalidProps('reset-confirm', errors.confirm?.message)}
            className="input"
            type="password"
            autoComplete="new-password"
            {...register('confirm')}
          />
        </FormField>
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="btn btn--primary auth-form__submit"
          disabled={isSubmitting}
        >
          Enregistrer
        </button>
      </form>
    </TokenCard>
  );
}
