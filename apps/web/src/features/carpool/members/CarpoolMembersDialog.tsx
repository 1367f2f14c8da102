import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CARPOOL_TEXTS } from '@munegu/shared';
import { Dialog, DialogCancel, DialogFooter } from '../../../components/ui/Dialog';
import { LoadingOverlay } from '../../../components/ui/LoadingOverlay';
import { useAuth } from '../../../lib/auth';
import { isDeletedUsername } from '../../profiles';
import { useConfirmedCarpool, useMatchInfo, type ConfirmedCarpool } from '../api';
import { PlacesEditor } from '../presence/PlacesEditor';
import { RatingDialog } from '../rating/RatingDialog';
import { MemberActions, PassengerExclude } from './MemberActions';
import { MemberName } from './MemberName';
import styles from './members.module.css';
import { Button } from '../../../components/ui/Button';

type Props = { matchId: number; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * 'Membres du covoiturage' (spec section 2, Profile): the caller's confirmed carpool for a
 * match. While it can still change (before kickoff), a passenger may write to the driver or
 * leave, and the driver may set the free seats, exclude a passenger or cancel the whole
 * carpool. Once the match has kicked off it is history: members only, then the rating.
 */
export function CarpoolMembersDialog({ matchId, open, onOpenChange }: Props) {
  return (
    <Dialog
      open={open}
      onClose={() => onOpenChange(false)}
      title="Membres du covoiturage"
      wide
      freshContent
    >
      <Members matchId={matchId} />
      <DialogFooter>
        <DialogCancel label="Fermer" primary />
      </DialogFooter>
    </Dialog>
  );
}

function Members({ matchId }: { matchId: number }) {
  const { user } = useAuth();
  const carpool = useConfirmedCarpool(matchId);
  if (carpool.isPending) return <LoadingOverlay label="Chargement du covoiturage…" />;
  if (carpool.isError) return <p className="error-text">Une erreur est survenue.</p>;
  if (!carpool.data)
    return <p className="empty-state">Aucun covoiturage confirmé pour ce match.</p>;
  return <MemberList carpool={carpool.data} meId={user?.id} />;
}

function MemberList({ carpool, meId }: { carpool: ConfirmedCarpool; meId: number | undefined }) {
  const { vehicule: driver, passagers, isModifiable, isDriver, matchId } = carpool;
  const editable = isModifiable && isDriver;
  // The car's thread, kept readable once the match is played: the server says if I am in it.
  const thread = carpool.groupe_id !== null && (
    <Link to={`/messages/groupes/${carpool.groupe_id}`} className="btn btn--outline btn--small">
      {CARPOOL_TEXTS.thread}
    </Link>
  );
  return (
    <>
      <section className={styles['members__section']} aria-labelledby="members-driver">
        <h3 id="members-driver" className={styles['members__heading']}>
          Conducteur
        </h3>
        <MemberName
          username={driver.username}
          picture={driver.profile_picture}
          me={driver.id === meId}
        />
      </section>
      <section className={styles['members__section']} aria-labelledby="members-passengers">
        <h3 id="members-passengers" className={styles['members__heading']}>
          Passagers
        </h3>
        {passagers.length === 0 ? (
          <p className="empty-state">Aucun passager</p>
        ) : (
          <ul className={styles['members__list']}>
            {passagers.map((passenger) => (
              <li key={passenger.relationId} className={styles['members__row']}>
                <MemberName
                  username={passenger.username}
                  picture={passenger.profile_picture}
                  me={passenger.id === meId}
                  extra={passenger.nbPers > 1 ? `${passenger.nbPers} personnes` : undefined}
                />
                {editable && <PassengerExclude matchId={matchId} passenger={passenger} />}
              </li>
            ))}
          </ul>
        )}
      </section>
      {editable && <PlacesEditor matchId={matchId} places={driver.places_dispo} />}
      {!isModifiable && <PlayedCarpool matchId={matchId} finished={carpool.isFinished} />}
      {!isModifiable && thread && <div className={styles['members__actions']}>{thread}</div>}
      {isModifiable && (
        <MemberActions
          carpool={carpool}
          myRelationId={passagers.find((p) => p.id === meId)?.relationId}
          links={
            <>
              {thread}
              {!isDriver && !isDeletedUsername(driver.username) && (
                <Link
                  to={`/messages/${encodeURIComponent(driver.username)}`}
                  className="btn btn--outline btn--small"
                >
                  Écrire au conducteur
                </Link>
              )}
            </>
          }
        />
      )}
    </>
  );
}

/**
 * A played match's carpool: nothing to change any more; once the match is finished, the
 * rating ('NOTE TON COVOITURAGE') until the member has given it.
 */
function PlayedCarpool({ matchId, finished }: { matchId: number; finished: boolean }) {
  const info = useMatchInfo(matchId, finished);
  const [rating, setRating] = useState(false);
  const rated = info.data?.note_submitted === true;
  return (
    <div className={styles['members__history']} role="status">
      <p>
        {finished
          ? 'Match terminé : ce covoiturage fait désormais partie de ton historique.'
          : CARPOOL_TEXTS.carpoolLocked}
      </p>
      {finished && rated && <p>{CARPOOL_TEXTS.alreadyRatedAll}</p>}
      {finished && info.data && !rated && (
        <Button variant="primary" small onClick={() => setRating(true)}>
          NOTE TON COVOITURAGE
        </Button>
      )}
      <RatingDialog
        match={rating ? { id: matchId, is_finish: true } : null}
        onClose={() => setRating(false)}
      />
    </div>
  );
}
