import type { AppNotification } from '@munegu/shared';
import { afterAll, beforeAll } from 'vitest';
import { transactionRunner } from '../../src/db/tx.js';
import {
  domainEvents,
  type DomainEventMap,
  type DomainEvents,
} from '../../src/events/domain-events.js';
import { smtpTransport } from '../../src/lib/mail/transport.js';
import { createTestApp, FAST_JOBS, type TestApp } from './app.js';
import { bearer } from './auth.js';
import type { Db } from '../../src/db/client.js';
import { createMatch, createUser, uniqueSeason } from './factories.js';
import { smtpSink } from './smtp-sink.js';

type Status = 'CONFIRME' | 'ATTENTE';
type Trip = { id: number; matchId: number; antennaId: number };
type Cause = DomainEventMap['tripRegistrationChanged']['cause'];

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Coach trips as the trips module leaves them (issue 30), for the tests of what reacts to
 * them: rows written here, and each change's event emitted on the app's bus INSIDE the
 * transaction that wrote it, as the trips module does, so the listeners write through that
 * transaction and their after-commit work runs once it commits.
 */
export function tripWorld(t: TestApp, bus: DomainEvents) {
  const transaction = () => transactionRunner(t.db);

  async function change(
    trip: Trip,
    user: { id: number },
    from: Status | null,
    to: Status | null,
    cause: Cause,
  ) {
    await transaction()(async (tx) => {
      if (from === null && to !== null)
        await tx.tripRegistration.create({
          data: { tripId: trip.id, userId: user.id, seatCount: 1, status: to },
        });
      else if (to === null)
        await tx.tripRegistration.deleteMany({ where: { tripId: trip.id, userId: user.id } });
      else
        await tx.tripRegistration.updateMany({
          where: { tripId: trip.id, userId: user.id },
          data: { status: to },
        });
      await bus.emit('tripRegistrationChanged', {
        tx,
        tripId: trip.id,
        matchId: trip.matchId,
        antennaId: trip.antennaId,
        userId: user.id,
        from,
        to,
        cause,
      });
    });
  }

  return {
    antenna: () =>
      t.db.antenna.create({ data: { name: `Antenne ${unique()}`, category: 'Groupe' } }),
    /** A member named organiser of the antenna (before any trip, so no event). */
    async organizer(antennaId: number, overrides: Parameters<typeof createUser>[1] = {}) {
      const user = await createUser(t.db, overrides);
      await t.db.antennaOrganizer.create({ data: { antennaId, userId: user.id } });
      return user;
    },
    /**
     * A trip of the antenna departing `departureAt` (default: in 6 days) for a new match, or
     * for match `matchId` when given.
     */
    async trip(
      antennaId: number,
      options: {
        departureAt?: Date;
        returnAt?: Date;
        place?: string;
        seats?: number;
        matchId?: number;
      } = {},
    ): Promise<Trip> {
      const departureAt = options.departureAt ?? new Date(t.clock.now().getTime() + 6 * 86_400_000);
      const match = options.matchId
        ? { id: options.matchId }
        : await createMatch(t.db, {
            kickoffAt: new Date(departureAt.getTime() + 10 * 3_600_000),
            season: uniqueSeason(),
            matchday: 1,
          });
      return transaction()(async (tx) => {
        const trip = await tx.trip.create({
          data: {
            matchId: match.id,
            antennaId,
            departurePlace: options.place ?? 'Place d’Armes, Monaco',
            departureAt,
            returnAt: options.returnAt ?? null,
            seats: options.seats ?? 50,
          },
          select: { id: true, matchId: true, antennaId: true },
        });
        await bus.emit('tripCreated', { tx, tripId: trip.id, ...trip });
        return trip;
      });
    },
    /**
     * `organizer` sends the organisers' form (PUT /deplacements/:id) for `trip`: 50 seats,
     * nothing optional, the departure and place given, then `over`'s fields.
     */
    edit: async (
      trip: Trip,
      organizer: { id: number },
      departure: { at: Date; place: string },
      over: Record<string, unknown> = {},
    ) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/deplacements/${trip.id}`,
        headers: await bearer(t.app, { id: organizer.id, role: 'UTILISATEUR' }, t.clock),
        payload: {
          match_id: trip.matchId,
          antenne_id: trip.antennaId,
          depart_lieu: departure.place,
          depart_heure: departure.at.toISOString(),
          retour_heure: null,
          places_total: 50,
          prix: null,
          date_limite: null,
          notes: null,
          ...over,
        },
      }),
    register: (trip: Trip, user: { id: number }, status: Status = 'CONFIRME') =>
      change(trip, user, null, status, 'inscription'),
    promote: (trip: Trip, user: { id: number }) =>
      change(trip, user, 'ATTENTE', 'CONFIRME', 'promotion'),
    withdraw: (trip: Trip, user: { id: number }, from: Status = 'CONFIRME') =>
      change(trip, user, from, null, 'desistement'),
    /** The organisers cancel the trip: one event per registrant, as the trips module emits. */
    async cancel(trip: Trip) {
      await transaction()(async (tx) => {
        await tx.trip.update({ where: { id: trip.id }, data: { status: 'ANNULE' } });
        const registrations = await tx.tripRegistration.findMany({ where: { tripId: trip.id } });
        for (const r of registrations)
          await bus.emit('tripRegistrationChanged', {
            tx,
            tripId: trip.id,
            matchId: trip.matchId,
            antennaId: trip.antennaId,
            userId: r.userId,
            from: r.status,
            to: null,
            cause: 'annulation',
          });
      });
    },
    /** An ADMIN replaces the antenna's organisers. */
    async setOrganizers(antennaId: number, added: number[], removed: number[]) {
      await transaction()(async (tx) => {
        await tx.antennaOrganizer.deleteMany({ where: { antennaId, userId: { in: removed } } });
        await tx.antennaOrganizer.createMany({
          data: added.map((userId) => ({ antennaId, userId })),
        });
        await bus.emit('tripOrganizersChanged', { tx, antennaId, added, removed });
      });
    },
  };
}

/** The member's bell, as GET /user-notification/me lists it. */
export async function bellOf(t: TestApp, user: { id: number }): Promise<AppNotification[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user-notification/me',
    headers: await bearer(t.app, { id: user.id, role: 'UTILISATEUR' }, t.clock),
  });
  return res.json();
}

/** An app whose mails reach the SMTP server at `smtpUrl` (workers on), built on `bus`. */
/** Mails go out through the job queue; on the embedded tier, under load, that takes a while. */
export const MAIL_WAIT_MS = 60_000;

export const mailingApp = (smtpUrl: string, bus: DomainEvents) =>
  createTestApp({
    mailTransport: smtpTransport(smtpUrl, 'Munegu <no-reply@munegu.test>'),
    jobs: FAST_JOBS,
    events: bus,
  });

/**
 * One test file's mailing app (mails to a real SMTP sink, jobs running) and its trips' world,
 * started before the file's tests and stopped after; `listen` also serves it for sockets at
 * `server.url`.
 */
export function useMailingTrips({ listen = false } = {}) {
  const sink = smtpSink();
  const bus = domainEvents();
  const t = {} as TestApp;
  const server = { url: '' };
  beforeAll(async () => {
    await sink.start();
    Object.assign(t, await mailingApp(sink.url, bus));
    if (listen) server.url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });
  return { sink, bus, t, server, w: tripWorld(t, bus) };
}

/** A coach trip of a fresh antenna for a new match, departing `departureAt` (rows only). */
export async function createTrip(db: Db, departureAt: Date) {
  const antenna = await db.antenna.create({
    data: { name: `Antenne ${unique()}`, category: 'Groupe' },
  });
  const match = await createMatch(db, {
    kickoffAt: new Date(departureAt.getTime() + 10 * 3_600_000),
    season: uniqueSeason(),
    matchday: 1,
  });
  return db.trip.create({
    data: {
      matchId: match.id,
      antennaId: antenna.id,
      departurePlace: 'Stade Louis-II',
      departureAt,
      seats: 50,
    },
  });
}
