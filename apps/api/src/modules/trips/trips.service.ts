import {
  hasRole,
  matchLabel,
  TRIP_TEXTS as T,
  type Organization,
  type Trip,
  type TripInput,
} from '@munegu/shared';
import { auditChanges, writeAudit, type Actor } from '../../db/audit.js';
import type { RunInTransaction } from '../../db/tx.js';
import type { EventEmitter } from '../../events/domain-events.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { TripAccess, TripCaller } from './access.js';
import type { RegistrationsService } from './registrations.service.js';
import {
  auditedTrip,
  fromTripInput,
  toOrganizedTrip,
  toOwnRegistration,
  toTrip,
  type TripFacts,
} from './trips.mapper.js';
import type { TripData, TripRow, TripsRepository } from './trips.repository.js';

export interface TripsDeps {
  repo: TripsRepository;
  access: TripAccess;
  registrations: Pick<RegistrationsService, 'promote' | 'announce' | 'cancelAll'>;
  transaction: RunInTransaction;
  clock: Clock;
  events: EventEmitter;
}

/** The organisers' space shows the trips of matches to come or played in the last 7 days. */
const RECENT_MS = 7 * 86_400_000;

/** A refusal the trip form shows under the field `path` (a body field's wire name). */
const invalidField = (path: keyof TripInput, message: string) =>
  new AppError('VALIDATION', message, { details: [{ path, message }] });
const conflict = (message: string) => new AppError('CONFLICT', message);

/** How the journal names a trip: 'Car de Nice – AS Monaco – OGC Nice (05/12/2026)'. */
const tripLabel = (trip: TripRow) =>
  `${T.cardTitle(trip.antenna.name)} – ${matchLabel(
    trip.match.homeClub.name,
    trip.match.awayClub.name,
    trip.match.kickoffAt,
  )}`;
const target = (trip: TripRow) => ({ type: 'trip', id: trip.id, label: tripLabel(trip) });

type Schedule = { departureAt: Date; departurePlace: string; returnAt: Date | null };
const sameInstant = (a: Date | null, b: Date | null) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);
/** Whether what registrants plan their day around changed: the departure or the return. */
const scheduleMoved = (before: Schedule, after: Schedule) =>
  !sameInstant(before.departureAt, after.departureAt) ||
  before.departurePlace !== after.departurePlace ||
  !sameInstant(before.returnAt, after.returnAt);

/**
 * Coach trips: members read a match's trips; an antenna's organisers and MODERATEUR+ create,
 * edit and cancel them, each write with its audit row in its transaction. A trip's antenna and
 * match never change: a trip elsewhere is another trip.
 */
export function tripsService({
  repo,
  access,
  registrations,
  transaction,
  clock,
  events,
}: TripsDeps) {
  /**
   * What a trip's view needs beyond its row, for a whole list in three statements: its counts,
   * the caller's own registration and the thread the caller is in; the mappers take it as is.
   */
  async function facts(caller: TripCaller, trips: TripRow[]) {
    const ids = trips.map((t) => t.id);
    const [countsOf, own, threads] = await Promise.all([
      repo.countsNow(ids),
      repo.ownRegistrations(caller.id, ids),
      repo.openThreads(caller.id, ids),
    ]);
    const now = clock.now();
    return (trip: TripRow): TripFacts => {
      const mine = own.get(trip.id);
      return {
        counts: countsOf(trip.id),
        now,
        own: mine ? toOwnRegistration(mine) : null,
        threadId: threads.get(trip.id) ?? null,
      };
    };
  }

  async function view(caller: TripCaller, trips: TripRow[]): Promise<Trip[]> {
    const of = await facts(caller, trips);
    const manageable = new Map<number, boolean>();
    for (const antennaId of new Set(trips.map((t) => t.antennaId)))
      manageable.set(antennaId, await access.mayManage(caller, antennaId));
    return trips.map((trip) => toTrip(trip, of(trip), manageable.get(trip.antennaId) ?? false));
  }

  /**
   * The match is to come; the coach leaves ahead of now and before the kickoff, and comes back
   * after it (the schema already puts the return after the departure). A coach leaving after
   * the kickoff is a mistyped date (a month, a year), never a plan.
   */
  /** `deadlineBefore`: the trip's deadline as stored (an edit may send back a passed one). */
  async function checkDates(matchId: number, data: TripData, deadlineBefore: Date | null = null) {
    const match = await repo.match(matchId);
    if (!match) throw invalidField('match_id', T.unknownMatch);
    const now = clock.now();
    if (match.finishedAt || match.kickoffAt <= now) throw conflict(T.matchPast);
    if (data.departureAt <= now) throw invalidField('depart_heure', T.departurePast);
    if (data.deadline && data.deadline <= now && !sameInstant(data.deadline, deadlineBefore))
      throw invalidField('date_limite', T.deadlinePast);
    if (data.departureAt >= match.kickoffAt)
      throw invalidField('depart_heure', T.departureAfterKickoff(match.kickoffAt));
    if (data.returnAt && data.returnAt <= match.kickoffAt)
      throw invalidField('retour_heure', T.returnBeforeKickoff(match.kickoffAt));
  }

  async function managedTrip(caller: TripCaller, tripId: number): Promise<TripRow> {
    const trip = await repo.trip(tripId);
    if (!trip) throw new AppError('NOT_FOUND', T.notFound);
    await access.assertManager(caller, trip.antennaId);
    return trip;
  }

  const one = async (caller: TripCaller, trip: TripRow) => (await view(caller, [trip]))[0]!;

  return {
    facts,
    managedTrip,
    organizedAntennas: (userId: number) => repo.organizedAntennas(userId),

    list: async (caller: TripCaller, matchId: number) =>
      view(caller, await repo.tripsOfMatch(matchId)),

    async organization(caller: TripCaller): Promise<Organization> {
      const everyAntenna = hasRole(caller.role, 'MODERATEUR');
      const antennas = everyAntenna
        ? await repo.antennas()
        : await repo.organizedAntennas(caller.id);
      if (!everyAntenna && antennas.length === 0) throw new AppError('FORBIDDEN', T.notOrganizer);
      const since = new Date(clock.now().getTime() - RECENT_MS);
      const trips = await repo.tripsOfAntennas(
        everyAntenna ? 'all' : antennas.map((a) => a.id),
        since,
      );
      const of = await facts(caller, trips);
      return {
        antennes: antennas.map((a) => ({ id: a.id, nom: a.name })),
        deplacements: trips.map((trip) => toOrganizedTrip(trip, of(trip))),
      };
    },

    async create(caller: TripCaller & Actor, input: TripInput): Promise<Trip> {
      await access.assertManager(caller, input.antenne_id);
      if (!(await repo.antenna(input.antenne_id)))
        throw invalidField('antenne_id', T.unknownAntenna);
      const data = fromTripInput(input);
      await checkDates(input.match_id, data);
      const trip = await transaction(async (tx) => {
        const trip = await repo.createTrip(tx, {
          ...data,
          matchId: input.match_id,
          antennaId: input.antenne_id,
          createdById: caller.id,
        });
        await writeAudit(tx, caller, 'trip.create', target(trip), auditedTrip(data));
        await events.emit('tripCreated', {
          tx,
          tripId: trip.id,
          matchId: trip.matchId,
          antennaId: trip.antennaId,
        });
        return trip;
      });
      return one(caller, trip);
    },

    /**
     * Seats may be raised (the waiting list moves up at once) or lowered to the confirmed. A
     * new departure (time or place) or return is told to the registrants.
     */
    async update(caller: TripCaller & Actor, tripId: number, input: TripInput): Promise<Trip> {
      const current = await managedTrip(caller, tripId);
      if (input.antenne_id !== current.antennaId)
        throw invalidField('antenne_id', T.unknownAntenna);
      if (input.match_id !== current.matchId) throw invalidField('match_id', T.unknownMatch);
      const data = fromTripInput(input);
      await checkDates(current.matchId, data, current.deadline);
      const trip = await transaction(async (tx) => {
        const before = await repo.lockTrip(tx, tripId);
        if (!before) throw new AppError('NOT_FOUND', T.notFound);
        if (before.status === 'ANNULE') throw conflict(T.tripCancelled);
        const confirmed = (await repo.counts(tx, [tripId]))(tripId).confirmedSeats;
        if (data.seats < confirmed) throw conflict(T.seatsBelowConfirmed(confirmed));
        // A day-before reminder sent for the old departure is owed again on the new one's eve.
        const remindAgain = !sameInstant(before.departureAt, data.departureAt);
        const trip = await repo.updateTrip(tx, tripId, data, remindAgain);
        const change = auditChanges(auditedTrip(before), auditedTrip(data), ['notes']);
        await writeAudit(tx, caller, 'trip.update', target(trip), change);
        // Registrants plan their day around these (a moved kickoff often brings them).
        if (scheduleMoved(before, trip))
          await events.emit('tripScheduleChanged', { tx, tripId, by: caller.id });
        await registrations.promote(tx, trip);
        return trip;
      });
      registrations.announce([{ trip, gone: [] }]);
      return one(caller, trip);
    },

    /**
     * ANNULE: every registration goes (each told, presences withdrawn); it stays readable. Only
     * before the departure: a coach on the road keeps its registrants and their ticks.
     */
    async cancel(caller: TripCaller & Actor, tripId: number) {
      await managedTrip(caller, tripId);
      const { trip, gone } = await transaction(async (tx) => {
        const before = await repo.lockTrip(tx, tripId);
        if (!before) throw new AppError('NOT_FOUND', T.notFound);
        if (before.status === 'ANNULE') throw conflict(T.tripCancelled);
        if (before.departureAt <= clock.now()) throw conflict(T.departedNoCancel);
        const trip = await repo.cancelTrip(tx, tripId);
        const gone = await registrations.cancelAll(tx, trip);
        await writeAudit(tx, caller, 'trip.cancel', target(trip), { inscrits: gone.length });
        return { trip, gone };
      });
      registrations.announce([{ trip, gone }]);
      return { message: T.cancelled };
    },
  };
}
export type TripsService = ReturnType<typeof tripsService>;
