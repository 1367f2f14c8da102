import { useState } from 'react';
import { CARPOOL_MESSAGES, MESSAGES, type Match } from '@munegu/shared';
import { Dialog, DialogFooter } from '../../../components/ui/Dialog';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { useMatchInfo } from '../api';
import { useSavePresence, useSaveSearch } from '../mutations';
import {
  answersFromInfo,
  emptyAnswers,
  presenceFailureText,
  requestOf,
  type Answers,
} from './answers';
import { useMemberDefaults } from './member';
import { PresenceChoice } from './PresenceChoice';
import { PresenceForm } from './PresenceForm';
import { PresenceResult, type PresenceOutcome } from './PresenceResult';
import { CarpoolMembersDialog } from '../members/CarpoolMembersDialog';
import styles from './presence.module.css';

type Props = {
  /** The match the member goes to; null keeps the dialog closed. */
  match: Match | null;
  onClose: () => void;
  /** Opens the MuneguMap of the match ('Afficher MuneguMap' after a successful answer). */
  onOpenMap?: (match: Match) => void;
};

/**
 * 'Direction le stade !' (spec section 4, Presence form). A first answer goes straight to the
 * form; a member who already answered chooses to modify or cancel; a confirmed carpool locks
 * the answers. The content mounts fresh at each opening, so closing resets the form.
 */
export function PresenceDialog({ match, onClose, onOpenMap }: Props) {
  return (
    <Dialog
      open={match !== null}
      onClose={onClose}
      title="Direction le stade !"
      wide
      closeButton
      freshContent
    >
      {match && (
        <PresenceBody
          match={match}
          onClose={onClose}
          onOpenMap={
            onOpenMap &&
            (() => {
              onOpenMap(match);
              onClose();
            })
          }
        />
      )}
    </Dialog>
  );
}

function PresenceBody({
  match,
  onClose,
  onOpenMap,
}: {
  match: Match;
  onClose: () => void;
  onOpenMap?: () => void;
}) {
  const info = useMatchInfo(match.id);
  const member = useMemberDefaults();
  const savePresence = useSavePresence();
  const saveSearch = useSaveSearch();
  const [editing, setEditing] = useState(false);
  const [showCarpool, setShowCarpool] = useState(false);
  const [outcome, setOutcome] = useState<PresenceOutcome | null>(null);

  // The result stays up even though the saved answer refreshes the infos behind it.
  if (outcome) return <PresenceResult outcome={outcome} onOpenMap={onOpenMap} onClose={onClose} />;
  if (info.isPending || !member.loaded)
    return <LoadingOverlay label="Chargement de tes réponses…" />;
  if (info.isError) return <p className="error-text">{MESSAGES.generic.error}</p>;

  const current = info.data;
  if (current?.has_confirmed)
    return (
      <div>
        <p className={styles['presence__note']} role="status">
          {CARPOOL_MESSAGES.alreadyConfirmed}
        </p>
        <DialogFooter>
          <button type="button" className="btn btn--light" onClick={onClose}>
            Fermer
          </button>
          {/* Members, places, cancel or exclude: everything about the carpool lives there. */}
          <button type="button" className="btn btn--primary" onClick={() => setShowCarpool(true)}>
            Voir mon covoiturage
          </button>
        </DialogFooter>
        <CarpoolMembersDialog matchId={match.id} open={showCarpool} onOpenChange={setShowCarpool} />
      </div>
    );
  if (current && !editing)
    return (
      <PresenceChoice
        matchId={match.id}
        info={current}
        onModify={() => setEditing(true)}
        onDeleted={onClose}
      />
    );

  const submit = (answers: Answers) => {
    // Without a departure department nothing is sent (the first step cannot be passed).
    if (!answers.departement || answers.transportId === null) return;
    const request = requestOf(answers, match.id);
    const handlers = {
      onSuccess: () => setOutcome({ status: 'success' }),
      onError: (error: unknown) =>
        setOutcome({ status: 'error', message: presenceFailureText(error) }),
    };
    if (request.kind === 'search') saveSearch.mutate(request.body, handlers);
    else savePresence.mutate(request.body, handlers);
  };

  return (
    <PresenceForm
      initial={current ? answersFromInfo(current) : emptyAnswers(member.departement)}
      busy={savePresence.isPending || saveSearch.isPending}
      onSubmit={submit}
    />
  );
}
