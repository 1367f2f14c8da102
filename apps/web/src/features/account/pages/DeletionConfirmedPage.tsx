import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router-dom';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { useAuth } from '../../../lib/auth';
import { accountApi, accountKeys } from '../api';
import { tokenQuery } from '../tokenQuery';
import { TokenCard } from '../components/TokenCard';

/** The emailed deletion link: confirms the deletion and signs the user out (spec section 4). */
export default function DeletionConfirmedPage() {
  const { token = '' } = useParams();
  const { isAuthenticated, signOutLocally } = useAuth();
  const query = useQuery({
    queryKey: accountKeys.confirmDelete(token),
    queryFn: tokenQuery((signal) => accountApi.confirmDelete(token, signal)),
    retry: false,
    staleTime: Infinity,
  });
  const valid = query.data?.valid === true;

  useEffect(() => {
    // The account no longer exists: forget the local session without calling the API.
    if (valid && isAuthenticated) signOutLocally();
  }, [valid, isAuthenticated, signOutLocally]);

  if (query.isPending) return <LoadingOverlay fullScreen />;
  if (query.isError) {
    return (
      <TokenCard status="error" title="Une erreur est survenue.">
        <p>Erreur réseau ou serveur. Veuillez réessayer.</p>
      </TokenCard>
    );
  }
  if (!valid) return <Navigate to="/404" replace />;
  return (
    <TokenCard status="success" title="Compte supprimé">
      <p>
        Ton compte a bien été supprimé et tes données personnelles ont été anonymisées. Merci
        d’avoir fait partie de la communauté !
      </p>
      <Link to="/" className="btn btn--primary">
        Retour à l’accueil
      </Link>
    </TokenCard>
  );
}
