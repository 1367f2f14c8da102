import type { TripInput } from '@munegu/shared';
import type { TestApp } from './app.js';
import { bearer } from './auth.js';
import { createMatch, createUser, uniqueSeason, type UserOverrides } from './factories.js';

type User = Awaited<ReturnType<typeof createUser>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

let counter = 0;
const tag = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * A small world for coach-trip tests: an antenna with its organiser, a match a week ahead,
 * and a trip created through the API as an organiser would. Members' headers are signed once
 * and kept, so a burst of requests measures the trips, not the logins.
 */
export function tripWorld(t: TestApp) {
  const signed = new Map<number, Promise<{ authorization: string }>>();
  const headers = (u: { id: number; role?: string }) => {
    if (!signed.has(u.id))
      signed.set(
        u.id,
        bearer(t.app, { id: u.id, role: (u.role ?? 'UTILISATEUR') as 'UTILISATEUR' }, t.clock),
      );
    return signed.get(u.id)!;
  };

  async function api(user: User | null, method: Method, url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url: `/api${url}`,
      headers: user ? await headers(user) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  const member = (overrides: Partial<UserOverrides> = {}) => createUser(t.db, overrides);
  const days = (n: number) => new Date(t.clock.now().getTime() + n * 86_400_000);

  async function antenna(name = `Antenne ${tag()}`) {
    const row = await t.db.antenna.create({ data: { name, category: 'Groupe' } });
    const organizer = await member();
    await t.db.antennaOrganizer.create({ data: { antennaId: row.id, userId: organizer.id } });
    return { ...row, organizer };
  }

  const match = (inDays = 7) =>
    createMatch(t.db, { kickoffAt: days(inDays), season: uniqueSeason(), matchday: 1 });

  const input = (matchId: number, antennaId: number, over: Partial<TripInput> = {}): TripInput => ({
    match_id: matchId,
    antenne_id: antennaId,
    depart_lieu: 'Parking du Louis II',
    depart_heure: days(6).toISOString(),
    retour_heure: null,
    places_total: 50,
    prix: 25,
    date_limite: days(4).toISOString(),
    notes: null,
    ...over,
  });

  /** A trip of a fresh antenna (or `on`) for a fresh match (or `matchId`). */
  async function trip(
    over: Partial<TripInput> = {},
    on?: { antenna?: Awaited<ReturnType<typeof antenna>>; matchId?: number },
  ) {
    const a = on?.antenna ?? (await antenna());
    const matchId = on?.matchId ?? (await match()).id;
    const res = await api(a.organizer, 'POST', '/deplacements', input(matchId, a.id, over));
    if (res.statusCode !== 201) throw new Error(res.body);
    return { id: res.json().id as number, matchId, antenna: a };
  }

  const register = (u: User, tripId: number, nb_places = 1, telephone?: string) =>
    api(u, 'POST', `/deplacements/${tripId}/inscriptions`, {
      nb_places,
      ...(telephone ? { telephone } : {}),
    });
  const unregister = (u: User, tripId: number) =>
    api(u, 'DELETE', `/deplacements/${tripId}/inscriptions/me`);

  /** The trip's registrations as stored: confirmed seats, waiting list in id order. */
  async function state(tripId: number) {
    const rows = await t.db.tripRegistration.findMany({
      where: { tripId },
      orderBy: { id: 'asc' },
    });
    const trip = await t.db.trip.findUniqueOrThrow({ where: { id: tripId } });
    return {
      seats: trip.seats,
      confirmedSeats: rows
        .filter((r) => r.status === 'CONFIRME')
        .reduce((n, r) => n + r.seatCount, 0),
      confirmed: rows.filter((r) => r.status === 'CONFIRME').map((r) => r.userId),
      waiting: rows.filter((r) => r.status === 'ATTENTE').map((r) => r.userId),
      rows,
    };
  }

  /**
   * Runs `fn` with the clock moved by `ms` (a coach gone, a deadline passed), then moves it
   * back. Headers are signed again on each side: a token signed before would have expired.
   */
  async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
    t.clock.advance(ms);
    signed.clear();
    try {
      return await fn();
    } finally {
      t.clock.advance(-ms);
      signed.clear();
    }
  }

  return {
    api,
    member,
    antenna,
    match,
    input,
    trip,
    register,
    unregister,
    state,
    days,
    tag,
    later,
  };
}
export type TripWorld = ReturnType<typeof tripWorld>;
