import type { OrganizedTrip } from '@munegu/shared';

export type MatchGroup = { match: OrganizedTrip['match']; trips: OrganizedTrip[] };

/** The trips by match, the soonest match first; within a match, the soonest departure first. */
export function groupByMatch(trips: readonly OrganizedTrip[]): MatchGroup[] {
  const groups = new Map<number, MatchGroup>();
  for (const trip of trips) {
    const group = groups.get(trip.match.id) ?? { match: trip.match, trips: [] };
    group.trips.push(trip);
    groups.set(trip.match.id, group);
  }
  const time = (iso: string) => Date.parse(iso);
  return [...groups.values()]
    .sort((a, b) => time(a.match.date) - time(b.match.date))
    .map((g) => ({
      ...g,
      trips: g.trips.sort((a, b) => time(a.depart_heure) - time(b.depart_heure)),
    }));
}
