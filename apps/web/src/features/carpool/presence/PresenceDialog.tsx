import { useState } from 'react';
import { CARPOOL_TEXTS, TEXTS, type Match, type Trip } from '@munegu/shared';
import { errorMessage } from '../../../lib/api';
import { phoneErrorOf, registrationMessage, useRegisterTrip } from '../../trips';
import { Dialog, DialogFooter } from '../../../components/ui/Dialog';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { hasKickedOff } from '../../matches';
import { useConfirmedCarpool, useMatchInfo, useTransports, type MatchInfo } from '../api';
import { CancelCarpoolDialog } from '../cancel/CancelCarpoolDialog';
import { useSavePresence, useSaveSearch } from '../mutations';
import {
  answersFromInfo,
  emptyAnswers,
  presenceFailureText,
  requestOf,
  type Answers,
} from './answers';
import { useMemberDefaults } from './member';
import { PresenceChoice, describe, isOfferingDriver } from './PresenceChoice';
import { PresenceForm } from './PresenceForm';
import { PresenceResult, type PresenceOutcome } from './PresenceResult';
import { CarpoolMembersDialog } from '../members/CarpoolMembersDialog';
import styles from './presence.module.css';
import { Button } from '../../../components/ui/Button';

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
 * the answers until it is cancelled, and kickoff locks them for good. The content mounts fresh
 * at each opening, so closing resets the form.
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
  const transports = useTransports();
  const savePresence = useSavePresence();
  const saveSearch = useSaveSearch();
  const registerTrip = useRegisterTrip();
  const [editing, setEditing] = useState(false);
  const [outcome, setOutcome] = useState<PresenceOutcome | null>(null);

  // The result stays up even though the saved answer refreshes the infos behind it.
  if (outcome) return <PresenceResult outcome={outcome} onOpenMap={onOpenMap} onClose={onClose} />;
  if (info.isPending || !member.loaded)
    return <LoadingOverlay label="Chargement de tes réponses…" />;
  if (info.isError) return <p className="error-text">{TEXTS.generic.error}</p>;

  const current = info.data;
  if (hasKickedOff(match)) return <PlayedMatch match={match} info={current} onClose={onClose} />;
  if (current?.has_confirmed)
    return <ConfirmedAnswer matchId={match.id} info={current} onClose={onClose} />;
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

  // A coach's registration answers confirmed or waiting; its presence follows on the server.
  const register = (trip: Trip, seats: number, phone: string) =>
    registerTrip.mutate(
      { trip, body: { nb_places: seats, telephone: phone.trim() || null } },
      {
        onSuccess: (result) =>
          setOutcome({
            status: 'success',
            message: registrationMessage(trip, result),
            noMap: result.statut !== 'CONFIRME',
          }),
        // A refused phone stays on the seats step, under its field, the rest kept.
        onError: (error) =>
          phoneErrorOf(error) === undefined &&
          setOutcome({
            status: 'error',
            message: errorMessage(error, CARPOOL_TEXTS.presenceFailed),
          }),
      },
    );

  return (
    <PresenceForm
      matchId={match.id}
      onRegisterTrip={register}
      tripPhoneError={phoneErrorOf(registerTrip.error)}
      initial={
        current ? answersFromInfo(current, transports.data ?? []) : emptyAnswers(member.departement)
      }
      busy={savePresence.isPending || saveSearch.isPending || registerTrip.isPending}
      onSubmit={submit}
    />
  );
}

/**
 * A confirmed carpool freezes the answer (spec section 4): the popup says so, and shows the way
 * out — cancel the carpool first (the other members are told), after which the answer can be
 * modified or cancelled here again.
 */
function ConfirmedAnswer({
  matchId,
  info,
  onClose,
}: {
  matchId: number;
  info: MatchInfo;
  onClose: () => void;
}) {
  const [showCarpool, setShowCarpool] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const driver = isOfferingDriver(info);
  const carpool = useConfirmedCarpool(matchId);
  const otherMember = driver ? undefined : carpool.data?.vehicule;
  return (
    <div>
      <p className={styles['presence__summary']}>Ta réponse : {describe(info)}</p>
      <p className={styles['presence__note']} role="status">
        {CARPOOL_TEXTS.deleteWithConfirmed}
      </p>
      <DialogFooter>
        <Button variant="light" onClick={onClose}>
          Fermer
        </Button>
        {/* Members, places, cancel or exclude: everything about the carpool lives there. */}
        <Button variant="outline" onClick={() => setShowCarpool(true)}>
          Voir mon covoiturage
        </Button>
        <Button variant="danger" onClick={() => setCancelling(true)}>
          {driver ? 'Annuler le covoiturage' : 'Annuler mon covoiturage'}
        </Button>
      </DialogFooter>
      <CarpoolMembersDialog matchId={matchId} open={showCarpool} onOpenChange={setShowCarpool} />
      <CancelCarpoolDialog
        matchId={matchId}
        asDriver={driver}
        otherMember={otherMember}
        open={cancelling}
        onOpenChange={setCancelling}
      />
    </div>
  );
}

/** Kickoff is past: the answer is history; a confirmed carpool is only looked at. */
function PlayedMatch({
  match,
  info,
  onClose,
}: {
  match: Match;
  info: MatchInfo | null | undefined;
  onClose: () => void;
}) {
  const [showCarpool, setShowCarpool] = useState(false);
  return (
    <div>
      {info && <p className={styles['presence__summary']}>Ta réponse : {describe(info)}</p>}
      <p className={styles['presence__note']} role="status">
        {match.is_finish ? CARPOOL_TEXTS.matchFinished : CARPOOL_TEXTS.matchLocked}
      </p>
      <DialogFooter>
        <Button variant="light" onClick={onClose}>
          Fermer
        </Button>
        {info?.has_confirmed && (
          <Button variant="primary" onClick={() => setShowCarpool(true)}>
            Voir mon covoiturage
          </Button>
        )}
      </DialogFooter>
      {info?.has_confirmed && (
        <CarpoolMembersDialog matchId={match.id} open={showCarpool} onOpenChange={setShowCarpool} />
      )}
    </div>
  );
}
