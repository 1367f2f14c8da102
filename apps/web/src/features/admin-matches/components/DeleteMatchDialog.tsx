import { useState } from 'react';
import { MATCH_TEXTS, plural, type AdminMatch } from '@munegu/shared';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { useDeleteMatch } from '../api';

/**
 * 'Supprimer' of one match. A match without predictions asks once. One with predictions says
 * how many will be lost, then asks a second time before anything is deleted; the API deletes
 * only that many (a prediction made meanwhile makes it refuse, with the new count).
 */
export function DeleteMatchDialog({ match, onClose }: { match: AdminMatch; onClose: () => void }) {
  const remove = useDeleteMatch();
  const [step, setStep] = useState<'ask' | 'again'>('ask');
  const count = match.nb_pronostics;
  const fixture = `Journée ${match.journee} : ${match.club_dom.nom} – ${match.club_ext.nom}, ${formatDate(match.date)}`;

  const run = () =>
    remove.mutate(
      { id: match.id, pronostics: count },
      {
        onSuccess: (res) => toast.success(res.message),
        onError: (e) => toast.error(errorMessage(e, 'Échec de la suppression.')),
        onSettled: onClose,
      },
    );

  if (step === 'again')
    return (
      <ConfirmDialog
        open
        danger
        title="Supprimer aussi les pronostics ?"
        message={`${fixture}\nLes ${plural(count, 'pronostic')} des membres pour ce match seront effacés définitivement, et leurs points retirés du classement.`}
        confirmLabel={`Supprimer le match et ${plural(count, 'pronostic')}`}
        busy={remove.isPending}
        onConfirm={run}
        onCancel={onClose}
      />
    );
  return (
    <ConfirmDialog
      open
      danger
      title="Supprimer ce match ?"
      message={count > 0 ? `${fixture}\n${MATCH_TEXTS.predictionsLost(count)}` : fixture}
      confirmLabel={count > 0 ? 'Continuer' : 'Supprimer'}
      busy={remove.isPending}
      onConfirm={count > 0 ? () => setStep('again') : run}
      onCancel={onClose}
    />
  );
}
