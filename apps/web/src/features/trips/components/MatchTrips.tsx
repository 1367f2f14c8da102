import type { Trip } from '@munegu/shared';
import { useAuth } from '../../../lib/auth';
import { useMatchTrips } from '../api';
import { useTripsRealtime } from '../realtime';
import { TripCard } from './TripCard';
import styles from './trips.module.css';

/**
 * The coach cards of one match on the home page's match block, for a signed-in member. Its
 * code and its read come after the first page has painted (the match block loads it with
 * useLoadedAfterFirstPage), and nothing takes room until trips are there: a match without a
 * coach, a failed read or a read in flight show nothing at all.
 */
export function MatchTrips({ matchId }: { matchId: number }) {
  const { data: trips } = useMatchTrips(matchId);
  if (!trips?.length) return null;
  return <TripList matchId={matchId} trips={trips} />;
}

function TripList({ matchId, trips }: { matchId: number; trips: Trip[] }) {
  const { user } = useAuth();
  // Only a match with trips listens: positions move with other members' departures.
  useTripsRealtime(user?.id, matchId);
  return (
    <section className={styles['trips']} aria-label="Cars des antennes">
      {trips.map((trip) => (
        <TripCard key={trip.id} trip={trip} />
      ))}
    </section>
  );
}
