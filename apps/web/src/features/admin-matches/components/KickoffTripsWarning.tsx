import { TRIP_TEXTS, tripTimesFitKickoff } from '@munegu/shared';
import { useMatchTrips } from '../../trips';
import { formatDate, formatTime } from '../../../lib/dates';
import adminStyles from '../admin.module.css';

type Props = {
  matchId: number;
  /** The kickoff being typed, as an ISO instant. */
  kickoff: string;
};

/**
 * Under a match's kickoff, while an operator moves it: who will be told (the registrants and
 * organisers of its coaches, trips/notify), and which coaches the new time no longer fits, so
 * that the operator does not learn it from the organisers afterwards.
 */
export function KickoffTripsWarning({ matchId, kickoff }: Props) {
  const trips = useMatchTrips(matchId);
  const running = (trips.data ?? []).filter((trip) => trip.statut !== 'ANNULE');
  if (running.length === 0) return null;
  const off = running.filter((trip) => !tripTimesFitKickoff(trip, kickoff));
  return (
    <div className={adminStyles['admin__warning']} role="status">
      <p>{TRIP_TEXTS.kickoffMoveTold(running.length)}</p>
      {off.length > 0 && (
        <>
          <p>{TRIP_TEXTS.kickoffMoveOff}</p>
          <ul>
            {off.map((trip) => (
              <li key={trip.id}>
                {TRIP_TEXTS.cardTitle(trip.antenne.nom)} : départ le {formatDate(trip.depart_heure)}{' '}
                à {formatTime(trip.depart_heure)}
                {trip.retour_heure &&
                  `, retour le ${formatDate(trip.retour_heure)} à ${formatTime(trip.retour_heure)}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
