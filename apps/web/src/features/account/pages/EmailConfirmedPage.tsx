import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router-dom';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { ApiError } from '../../../lib/api';
import { accountApi, accountKeys } from '../api';
import { tokenQuery } from '../tokenQuery';
import { TokenCard } from '../components/TokenCard';

export default function EmailConfirmedPage() {
  const { token = '' } = useParams();
  const query = useQuery({
    queryKey: accountKeys.confirmEmail(token),
    queryFn: tokenQuery((signal) => accountApi.confirmEmail(token, signal)),
    retry: false,
    staleTime: Infinity,
  });

  if (query.isPending) return <LoadingOverlay fullScreen />;
  if (query.isError) {
    const error = query.error;
    const message =
      error instanceof ApiError && error.network
        ? 'Erreur de connexion au serveur.'
        : error instanceof ApiError && error.fromServer
          ? error.message
          : 'Une erreur est survenue.';
    return (
      <TokenCard status="error" title="Confirmation impossible">
        <p>{message}</p>
      </TokenCard>
    );
  }
  if (query.data === null) return <Navigate to="/404" replace />;
  return (
    <TokenCard status="success" title={query.data?.message || 'Adresse mail confirmée !'}>
      <p>Ton adresse e-mail est confirmée, tu peux maintenant te connecter.</p>
      <Link to="/login" className="btn btn--primary">
        Se connecter
      </Link>
    </TokenCard>
  );
}
