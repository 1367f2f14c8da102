import { TRIP_TEXTS as T, type RegistrantList, type RegistrantPatch } from '@munegu/shared';
import { AppError } from '../../lib/errors.js';
import type { TripCaller } from './access.js';
import { csvFileName, registrantsCsv } from './csv.js';
import { toOrganizedTrip, toRegistrant, toRegistrants } from './trips.mapper.js';
import type { TripsRepository } from './trips.repository.js';
import type { TripsService } from './trips.service.js';

export interface RegistrantsDeps {
  repo: TripsRepository;
  trips: Pick<TripsService, 'managedTrip' | 'facts'>;
}

/**
 * The organisers' tools: the boarding list (confirmed by registration, then the waiting list
 * in its order), paid and present ticks, and the list as CSV. Every call checks the caller
 * manages the trip's antenna (403 notOrganizer otherwise).
 */
export function registrantsService({ repo, trips }: RegistrantsDeps) {
  async function list(caller: TripCaller, tripId: number): Promise<RegistrantList> {
    const trip = await trips.managedTrip(caller, tripId);
    const [rows, of] = await Promise.all([repo.registrants(tripId), trips.facts(caller, [trip])]);
    return {
      deplacement: toOrganizedTrip(trip, of(trip)),
      inscrits: toRegistrants(rows),
    };
  }

  return {
    list,

    /** Idempotent: the check-in page replays its ticks when it is back online. */
    async mark(caller: TripCaller, tripId: number, userId: number, patch: RegistrantPatch) {
      await trips.managedTrip(caller, tripId);
      const data = {
        ...(patch.paye === undefined ? {} : { paid: patch.paye }),
        ...(patch.present === undefined ? {} : { present: patch.present }),
      };
      const { count } = await repo.mark(tripId, userId, data);
      const row = count === 1 ? await repo.registration(tripId, userId) : null;
      if (!row) throw new AppError('NOT_FOUND', T.registrationNotFound);
      const position = row.status === 'ATTENTE' ? await repo.position(tripId, row.id) : null;
      return toRegistrant(row, position);
    },

    async csv(caller: TripCaller, tripId: number) {
      const { deplacement, inscrits } = await list(caller, tripId);
      return {
        fileName: csvFileName(deplacement.antenne.nom, new Date(deplacement.depart_heure)),
        body: registrantsCsv(inscrits),
      };
    },
  };
}
export type RegistrantsService = ReturnType<typeof registrantsService>;
