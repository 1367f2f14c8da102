import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { TRIP_TEXTS, type Trip } from '@munegu/shared';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { cx } from '../../../lib/cx';
import {
  acceptsRegistrations,
  departureTime,
  fareLabel,
  registrationLabel,
  seatsLeftLabel,
  waitingLabel,
  waitsIfRegistering,
} from '../labels';
import { tripKeys } from '../api';
import { useUnregisterTrip } from '../mutations';
import { RegisterDialog } from './RegisterDialog';
import styles from './trips.module.css';

/**
 * 'Car de {antenne}' on the match block: departure, seats left, fare and status, the member's
 * own registration, and the one action that fits (register, join the waiting list, or leave).
 * Everything shown is text nodes: the place and the notes are written by organisers.
 */
export function TripCard({ trip }: { trip: Trip }) {
  const [registering, setRegistering] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const unregister = useUnregisterTrip();
  const qc = useQueryClient();
  const titleId = useId();
  const mine = trip.inscription;
  const fare = fareLabel(trip.prix);
  const waiting = waitingLabel(trip);
  const open = acceptsRegistrations(trip);
  const hasDetails = Boolean(trip.notes || trip.retour_heure || trip.date_limite);

  // The dialog promises a seat or the waiting list from the seats left: read them now, so
  // that it says what the server will decide (the card re-renders the open dialog).
  const openRegistration = () => {
    setRegistering(true);
    void qc.invalidateQueries({ queryKey: tripKeys.match(trip.match_id) });
  };

  const leave = () =>
    unregister.mutate(trip, {
      onSuccess: (data) => toast.success(data?.message || TRIP_TEXTS.unregistered),
      onError: (error) => toast.error(errorMessage(error, TRIP_TEXTS.notRegistered)),
      onSettled: () => setLeaving(false),
    });

  return (
    <article className={styles['trip']} aria-labelledby={titleId}>
      <header className={styles['trip__head']}>
        <h3 id={titleId} className={styles['trip__title']}>
          {TRIP_TEXTS.cardTitle(trip.antenne.nom)}
        </h3>
        <span className={cx(styles['trip__status'], styles[`trip__status--${trip.statut}`])}>
          {TRIP_TEXTS.statusLabels[trip.statut]}
        </span>
      </header>
      <p className={styles['trip__line']}>
        Départ le {departureTime(trip.depart_heure)}, {trip.depart_lieu}
      </p>
      {/* A closed or cancelled coach has no seat to offer: its status says so. */}
      {open ? (
        <p className={styles['trip__line']}>
          <strong>{seatsLeftLabel(trip)}</strong>
          {waiting && ` · ${waiting}`}
          {fare && ` · ${fare}`}
        </p>
      ) : (
        fare && <p className={styles['trip__line']}>{fare}</p>
      )}
      {mine && (
        <p
          className={cx(
            styles['trip__mine'],
            mine.statut === 'ATTENTE' && styles['trip__mine--waiting'],
          )}
          role="status"
        >
          {registrationLabel(mine)}
        </p>
      )}
      {hasDetails && (
        <details className={styles['trip__details']}>
          <summary>Détails</summary>
          {trip.retour_heure && <p>Retour prévu le {departureTime(trip.retour_heure)}</p>}
          {trip.date_limite && <p>Inscriptions jusqu’au {departureTime(trip.date_limite)}</p>}
          {trip.notes && <p className={styles['trip__notes']}>{trip.notes}</p>}
        </details>
      )}
      <div className={styles['trip__actions']}>
        {trip.groupe_id !== null && (
          <Link className={styles['trip__thread']} to={`/messages/groupes/${trip.groupe_id}`}>
            {TRIP_TEXTS.thread}
          </Link>
        )}
        {mine ? (
          <Button variant="outline" onClick={() => setLeaving(true)}>
            Me désinscrire
          </Button>
        ) : (
          open && (
            <Button variant="primary" onClick={openRegistration}>
              {waitsIfRegistering(trip, 1) ? TRIP_TEXTS.joinWaitingList : TRIP_TEXTS.register}
            </Button>
          )
        )}
      </div>
      <RegisterDialog trip={trip} open={registering} onClose={() => setRegistering(false)} />
      <ConfirmDialog
        open={leaving}
        title="Me désinscrire"
        message={`Annuler ton inscription dans le car de ${trip.antenne.nom} ?`}
        confirmLabel="Oui, me désinscrire"
        cancelLabel="Non"
        danger
        busy={unregister.isPending}
        onConfirm={leave}
        onCancel={() => setLeaving(false)}
      />
    </article>
  );
}
