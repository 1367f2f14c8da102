import { Link } from 'react-router-dom';
import { TRIP_TEXTS, tripTimesFitKickoff, type OrganizedTrip } from '@munegu/shared';
import { Button } from '../../../../components/ui/Button';
import { formatDate, formatTime } from '../../../../lib/dates';
import { cx } from '../../../../lib/cx';
import { fareLabel, waitingLabel } from '../../labels';
import styles from './organiser.module.css';

type Props = {
  trip: OrganizedTrip;
  onEdit: () => void;
  onCancel: () => void;
};

/** One trip of the organisers' space: status, seats, waiting list, and what to do with it. */
export function TripRow({ trip, onEdit, onCancel }: Props) {
  const cancelled = trip.statut === 'ANNULE';
  // A coach on the road keeps its registrants and their ticks: the API refuses to cancel it.
  const left = new Date(trip.depart_heure).getTime() <= Date.now();
  const name = TRIP_TEXTS.cardTitle(trip.antenne.nom);
  // The waiting list in registrations and in seats, as the member's card says it.
  const waiting = waitingLabel(trip);
  const fare = fareLabel(trip.prix);
  // An operator may have moved the kickoff since the trip was planned around it.
  const timesOff = !cancelled && !tripTimesFitKickoff(trip, trip.match.date);
  return (
    <li className={cx('card', styles['trip'])} aria-label={name}>
      <div className={styles['trip__head']}>
        <strong>{name}</strong>
        <span className={cx(styles['status'], styles[`status--${trip.statut}`])}>
          {TRIP_TEXTS.statusLabels[trip.statut]}
        </span>
      </div>
      <p className={styles['trip__line']}>
        Départ le {formatDate(trip.depart_heure)} à {formatTime(trip.depart_heure)},{' '}
        {trip.depart_lieu}
      </p>
      <p className={styles['trip__line']}>
        <span>
          {trip.places_confirmees} / {trip.places_total} places confirmées
        </span>
        {waiting && <span> · {waiting}</span>}
        {fare && <span> · {fare}</span>}
      </p>
      {timesOff && (
        <p className={styles['times-off']} role="status">
          {TRIP_TEXTS.timesOffKickoff(
            `${formatDate(trip.match.date)} à ${formatTime(trip.match.date)}`,
          )}
        </p>
      )}
      <div className={styles['trip__actions']}>
        <Link className="btn btn--primary btn--small" to={`/mes-deplacements/${trip.id}`}>
          Liste des inscrits
        </Link>
        {trip.groupe_id !== null && (
          <Link className="btn btn--outline btn--small" to={`/messages/groupes/${trip.groupe_id}`}>
            {TRIP_TEXTS.thread}
          </Link>
        )}
        {!cancelled && (
          <>
            <Button variant="outline" small onClick={onEdit}>
              Modifier
            </Button>
            {!left && (
              <Button variant="ghost" small onClick={onCancel}>
                Annuler le déplacement
              </Button>
            )}
          </>
        )}
      </div>
    </li>
  );
}
