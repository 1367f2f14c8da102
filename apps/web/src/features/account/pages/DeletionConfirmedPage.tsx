import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router-dom';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { useAuth } from '../../../lib/auth';
import { useSingleSubmit } from '../../../lib/hooks';
import { accountApi, accountKeys } from '../api';
import { tokenQuery } from '../tokenQuery';
import { TokenCard, TokenCardActions, TokenRetryCard } from '../components/TokenCard';
import { Button } from '../../../components/ui/Button';

/**
 * The emailed deletion link (spec section 4). Opening it deletes nothing: mail scanners open
 * links, and some run their scripts, so the account is deleted only when its owner clicks.
 * Then the member is signed out locally (the account no longer exists). The link is checked
 * first, without being used: an unknown, expired or used one goes to /404 (spec section 7).
 */
export default function DeletionConfirmedPage() {
  const { token = '' } = useParams();
  const { isAuthenticated, signOutLocally } = useAuth();
  const confirm = useMutation({
    mutationFn: () => tokenQuery(() => accountApi.confirmDelete(token))({}),
    onError: () => once.done(),
  });
  // One confirmation per page: a double click's second request finds the link used (404) and
  // its answer, the latest, would send a member whose account is gone to « Page introuvable ».
  const once = useSingleSubmit();
  const deleteOnce = () => {
    if (once.start()) confirm.mutate();
  };
  const check = useQuery({
    queryKey: accountKeys.checkDeleteToken(token),
    queryFn: tokenQuery((signal) => accountApi.checkDeleteToken(token, signal)),
    retry: false,
    staleTime: Infinity,
    // Once deleted, the link is used: the page keeps its answer instead of checking again.
    enabled: !confirm.isSuccess,
  });
  const valid = confirm.data?.valid === true;

  useEffect(() => {
    if (valid && isAuthenticated) signOutLocally();
  }, [valid, isAuthenticated, signOutLocally]);

  if (confirm.isError) return <TokenRetryCard onRetry={deleteOnce} />;
  if (confirm.isSuccess && !valid) return <Navigate to="/404" replace />;
  if (confirm.isIdle) {
    if (check.isPending) return <LoadingOverlay fullScreen />;
    if (check.isError) return <TokenRetryCard onRetry={() => void check.refetch()} />;
    if (!check.data?.valid) return <Navigate to="/404" replace />;
  }
  if (valid) {
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
  return (
    <TokenCard status="neutral" title={'Supprimer ton compte\u00a0?'}>
      <p>
        Ton compte sera supprimé et tes données personnelles anonymisées. Cette action est
        définitive.
      </p>
      <TokenCardActions>
        <Button
          variant="danger"
          disabled={confirm.isPending}
          aria-busy={confirm.isPending}
          onClick={deleteOnce}
        >
          {confirm.isPending ? 'Suppression...' : 'Supprimer mon compte'}
        </Button>
        <Link to="/" className="btn btn--outline">
          Garder mon compte
        </Link>
      </TokenCardActions>
    </TokenCard>
  );
}
