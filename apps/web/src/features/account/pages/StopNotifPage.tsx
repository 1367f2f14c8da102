import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { LIMITS } from '@munegu/shared';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { ApiError } from '../../../lib/api';
import { useStopNotif } from '../mutations';
import { accountApi, accountKeys } from '../api';
import { tokenQuery } from '../tokenQuery';
import { TokenCard, TokenCardActions, TokenRetryCard } from '../components/TokenCard';
import { Button } from '../../../components/ui/Button';

type Outcome =
  | { kind: 'done'; message: string }
  | { kind: 'cancelled' }
  | { kind: 'invalid' }
  | { kind: 'error'; message: string };

/** Stop e-mail notifications from a link: confirm, then a success page (spec section 2). */
export default function StopNotifPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const stop = useStopNotif();
  const busy = stop.isPending;
  const check = useQuery({
    queryKey: accountKeys.checkToken(token),
    queryFn: tokenQuery((signal) => accountApi.checkToken(token, signal)),
    retry: false,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (outcome?.kind !== 'cancelled') return;
    const id = window.setTimeout(() => navigate('/'), LIMITS.stopNotifRedirectMs);
    return () => window.clearTimeout(id);
  }, [outcome, navigate]);

  if (check.isPending) return <LoadingOverlay fullScreen />;
  // Only the server's word that the link is bad leads to /404 (tokenQuery: a 400 or 404 answer,
  // or valid: false); offline, a failing server or a wait asked for say nothing of the link.
  if (check.isError) return <TokenRetryCard onRetry={() => void check.refetch()} />;
  if (!check.data?.valid) return <Navigate to="/404" replace />;

  const kind =
    check.data.stopType === 'promo'
      ? 'promotionnels (concours, offres)'
      : 'de l’application (rappels de pronostics…)';

  const answer = async (confirm: boolean) => {
    try {
      const result = await stop.mutateAsync({ token, confirm });
      setOutcome(
        confirm
          ? {
              kind: 'done',
              message: result?.message || 'Préférences de notifications mises à jour.',
            }
          : { kind: 'cancelled' },
      );
    } catch (e) {
      if (!confirm) setOutcome({ kind: 'cancelled' });
      else if (e instanceof ApiError && (e.status === 400 || e.status === 404))
        setOutcome({ kind: 'invalid' });
      else
        setOutcome({
          kind: 'error',
          message: e instanceof ApiError && e.fromServer ? e.message : 'Erreur inconnue',
        });
    }
  };

  if (outcome?.kind === 'done') {
    return (
      <TokenCard status="success" title="C’est noté !">
        <p>{outcome.message}</p>
        <Link to="/" className="btn btn--primary">
          Retour à l’accueil
        </Link>
      </TokenCard>
    );
  }
  if (outcome?.kind === 'cancelled') {
    return (
      <TokenCard status="neutral" title="Aucune modification n'a été effectuée.">
        <p>Retour à l’accueil…</p>
      </TokenCard>
    );
  }
  if (outcome?.kind === 'invalid')
    return <TokenCard status="error" title="Lien invalide ou expiré" />;

  return (
    <TokenCard status="neutral" title="Désabonnement">
      <p>Veux-tu vraiment ne plus recevoir les e-mails {kind} ?</p>
      {outcome?.kind === 'error' && (
        <p className="error-text" role="alert">
          Une erreur est survenue. {outcome.message}
        </p>
      )}
      <TokenCardActions>
        <Button variant="ghost" disabled={busy} onClick={() => void answer(false)}>
          Annuler
        </Button>
        <Button variant="primary" disabled={busy} onClick={() => void answer(true)}>
          Confirmer
        </Button>
      </TokenCardActions>
    </TokenCard>
  );
}
