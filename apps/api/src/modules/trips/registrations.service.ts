import {
  TRIP_TEXTS as T,
  type RegistrationResult,
  type TripChangedEvent,
  type TripRegistrationInput,
} from '@munegu/shared';
import type { FastifyBaseLogger } from 'fastify';
import { afterCommit, type RunInTransaction, type Tx } from '../../db/tx.js';
import type { DomainEventMap, EventEmitter } from '../../events/domain-events.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { AccountBudgets } from '../../plugins/rate-limit/account-budgets.js';
import { registrationsOpen } from './trips.mapper.js';
import type { TripRow, TripsRepository } from './trips.repository.js';

/** Pushes `tripChanged` to the user rooms of the given members (every tab, every instance). */
export interface TripNotifier {
  tripChanged(userIds: number[], event: TripChangedEvent): void;
}

export interface RegistrationsDeps {
  repo: TripsRepository;
  transaction: RunInTransaction;
  clock: Clock;
  events: EventEmitter;
  notifier: TripNotifier;
  budgets: AccountBudgets;
  log: FastifyBaseLogger;
}

type Cause = DomainEventMap['tripRegistrationChanged']['cause'];
type Status = 'CONFIRME' | 'ATTENTE';

const conflict = (message: string) => new AppError('CONFLICT', message);

/** A trip whose registrations changed, and members who left it (they are told too). */
export interface Changed {
  trip: Pick<TripRow, 'id' | 'matchId' | 'antennaId'>;
  gone: number[];
}

/**
 * Registrations and the waiting list (issue 30). Every transaction here starts by locking the
 * trip's row, so registrations are numbered in lock order and the waiting list is the ATTENTE
 * rows in id order: a position is a rank, contiguous by construction, and two members can
 * never take the same last seat.
 *
 * Promotion is STRICT: when seats free up, the head of the waiting list moves up if its whole
 * group fits, and so on; when the head does not fit, nobody behind it overtakes (a group of 3
 * waiting for 3 seats is never skipped over by a later single). Members keep the place they
 * queued for; the organiser can raise the seats to let the head in.
 */
export function registrationsService({
  repo,
  transaction,
  clock,
  events,
  notifier,
  budgets,
  log,
}: RegistrationsDeps) {
  async function emit(
    tx: Tx,
    trip: Pick<TripRow, 'id' | 'matchId' | 'antennaId'>,
    userId: number,
    from: Status | null,
    to: Status | null,
    cause: Cause,
  ) {
    await events.emit('tripRegistrationChanged', {
      tx,
      tripId: trip.id,
      matchId: trip.matchId,
      antennaId: trip.antennaId,
      userId,
      from,
      to,
      cause,
    });
  }

  /** Sent after the commit to everyone registered on the trip, its organisers and `gone`. */
  async function announce({ trip, gone }: Changed): Promise<void> {
    const [registered, organizers] = await Promise.all([
      repo.registeredIds(trip.id),
      repo.organizerIds(trip.antennaId),
    ]);
    notifier.tripChanged([...registered, ...organizers, ...gone], {
      tripId: trip.id,
      matchId: trip.matchId,
    });
  }
  const announceAll = (changes: Changed[]) => {
    for (const change of changes)
      announce(change).catch((err: unknown) => log.error({ err }, 'tripChanged non envoyé'));
  };

  /**
   * Moves the waiting list up into the seats left, strictly in order (see above). The trip's
   * row must be locked by the caller's transaction.
   */
  async function promote(tx: Tx, trip: TripRow): Promise<void> {
    if (trip.status === 'ANNULE' || trip.departureAt <= clock.now()) return;
    let free = trip.seats - (await repo.counts(tx, [trip.id]))(trip.id).confirmedSeats;
    for (const waiting of await repo.waitingList(tx, trip.id)) {
      if (waiting.seatCount > free) break;
      await repo.confirm(tx, waiting.id, clock.now());
      free -= waiting.seatCount;
      await emit(tx, trip, waiting.userId, 'ATTENTE', 'CONFIRME', 'promotion');
    }
  }

  /** Removes a registration (the trip locked) and promotes the waiting list behind it. */
  async function withdraw(tx: Tx, trip: TripRow, userId: number, cause: Cause) {
    const reg = await repo.registration(trip.id, userId, tx);
    if (!reg) return false;
    await repo.deleteRegistration(tx, reg.id);
    await emit(tx, trip, userId, reg.status, null, cause);
    await promote(tx, trip);
    return true;
  }

  async function lockedTrip(tx: Tx, tripId: number): Promise<TripRow> {
    const trip = await repo.lockTrip(tx, tripId);
    if (!trip) throw new AppError('NOT_FOUND', T.notFound);
    return trip;
  }

  /** Why a new registration is refused on this trip now, if it is. */
  function refusal(trip: TripRow, now: Date): string | null {
    if (trip.status === 'ANNULE') return T.tripCancelled;
    if (trip.status === 'CLOS' || trip.departureAt <= now) return T.tripClosed;
    if (!registrationsOpen(trip, now)) return T.deadlinePassed;
    return null;
  }

  return {
    promote,
    announce: announceAll,

    async register(
      userId: number,
      tripId: number,
      input: TripRegistrationInput,
    ): Promise<RegistrationResult> {
      const seats = input.nb_places;
      // Each registration is pushed live to the match's trip viewers; withdrawing never counts.
      await budgets.take('tripRegistration', String(userId));
      const { trip, status, position, left } = await transaction(async (tx) => {
        const trip = await lockedTrip(tx, tripId);
        const refused = refusal(trip, clock.now());
        if (refused) throw conflict(refused);
        await repo.lockMember(tx, userId);
        if (await repo.registration(trip.id, userId, tx)) throw conflict(T.alreadyRegistered);
        const other = await repo.otherTripOfMatch(tx, userId, trip.matchId, trip.id);
        if (other) throw conflict(T.alreadyOnCoach(other.trip.antenna.name));
        if (await repo.hasConfirmedCarpool(tx, userId, trip.matchId))
          throw conflict(T.alreadyInCar);
        const counts = (await repo.counts(tx, [trip.id]))(trip.id);
        const free = trip.seats - counts.confirmedSeats;
        // Nobody jumps the queue: a seat left while others wait is theirs first.
        const status: Status = counts.waiting === 0 && seats <= free ? 'CONFIRME' : 'ATTENTE';
        await repo.createRegistration(tx, {
          tripId: trip.id,
          userId,
          seatCount: seats,
          status,
          phone: input.telephone?.trim() || null,
          confirmedAt: status === 'CONFIRME' ? clock.now() : null,
        });
        await emit(tx, trip, userId, null, status, 'inscription');
        return {
          trip,
          status,
          position: status === 'ATTENTE' ? counts.waiting + 1 : null,
          left: Math.max(0, status === 'CONFIRME' ? free - seats : free),
        };
      });
      announceAll([{ trip, gone: [] }]);
      return {
        deplacement_id: trip.id,
        statut: status,
        nb_places: seats,
        position_attente: position,
        places_restantes: left,
        message: position === null ? T.registered(trip.antenna.name) : T.waiting(position),
      };
    },

    /** The member withdraws: allowed until departure; the waiting list moves up at once. */
    async unregister(userId: number, tripId: number) {
      const trip = await transaction(async (tx) => {
        const trip = await lockedTrip(tx, tripId);
        if (trip.status !== 'ANNULE' && trip.departureAt <= clock.now())
          throw conflict(T.tripClosed);
        if (!(await withdraw(tx, trip, userId, 'desistement')))
          throw new AppError('NOT_FOUND', T.notRegistered);
        return trip;
      });
      announceAll([{ trip, gone: [userId] }]);
      return { message: T.unregistered };
    },

    /**
     * presenceWithdrawn, inside carpool's transaction: the member's registrations on the match
     * go (cause 'presence': the presence is already being withdrawn) and their waiting lists
     * move up. A coach already gone keeps its registration (and its ticks), as `unregister`
     * refuses then. The live events follow that transaction's commit.
     */
    async presenceWithdrawn({ tx, userId, matchId }: DomainEventMap['presenceWithdrawn']) {
      const changed: Changed[] = [];
      for (const { tripId } of await repo.registrationsOnMatch(tx, userId, matchId)) {
        const trip = await lockedTrip(tx, tripId);
        if (trip.departureAt <= clock.now()) continue;
        if (await withdraw(tx, trip, userId, 'presence')) changed.push({ trip, gone: [userId] });
      }
      if (changed.length > 0 && !afterCommit(tx, () => announceAll(changed))) announceAll(changed);
    },

    /**
     * memberRemoved: a deleted account leaves every coach not gone yet as a withdrawal would
     * (its seats go to the waiting list, the promoted are told), one trip per transaction; a
     * coach already gone keeps its list, as `unregister` does. Deletion only: no rule takes a
     * suspended or banned member's coach seat (possibly paid for, and the organisers' list).
     * Every trip is tried, and a failure is logged here rather than thrown: the event's other
     * listeners (carpool cancels the member's carpools, messages takes them out of their
     * groups) run after this one and must not be skipped for a coach's sake.
     */
    async memberRemoved({ userId, cause }: DomainEventMap['memberRemoved']): Promise<void> {
      if (cause !== 'deletion') return;
      for (const tripId of await repo.tripsToLeave(userId, clock.now())) {
        try {
          const trip = await transaction(async (tx) => {
            const trip = await lockedTrip(tx, tripId);
            if (trip.departureAt <= clock.now()) return null;
            return (await withdraw(tx, trip, userId, 'desistement')) ? trip : null;
          });
          if (trip) announceAll([{ trip, gone: [userId] }]);
        } catch (err) {
          log.error({ err, userId, tripId }, 'compte supprimé : inscription au car non retirée');
        }
      }
    },

    /** Cancels the trip's registrations (the trip locked and marked ANNULE by the caller). */
    async cancelAll(tx: Tx, trip: TripRow): Promise<number[]> {
      const gone: number[] = [];
      for (const reg of await repo.registrants(trip.id, tx)) {
        await repo.deleteRegistration(tx, reg.id);
        await emit(tx, trip, reg.userId, reg.status, null, 'annulation');
        gone.push(reg.userId);
      }
      return gone;
    },
  };
}
export type RegistrationsService = ReturnType<typeof registrationsService>;
