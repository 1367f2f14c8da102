import { TRIP_TEXTS as T } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../test/helpers/auth.js';
import { createUser } from '../../../../test/helpers/factories.js';
import { waitFor } from '../../../../test/helpers/smtp-sink.js';
import { bellOf, MAIL_WAIT_MS, useMailingTrips } from '../../../../test/helpers/trip-notify.js';

/**
 * Organisers change a coach's departure or return (often after a moved kickoff): every
 * registrant, confirmed or waiting, hears the new times, but not the organiser who changed
 * them; a change that leaves the times alone (the seats) tells nobody. Through the organisers'
 * real route, a real SMTP server.
 */
const { sink, t, w } = useMailingTrips();

const departureNotices = async (user: { id: number }) =>
  (await bellOf(t, user)).filter((n) => n.deplacement?.evenement === 'DEPART_MODIFIE');

describe('a coach’s new departure', { timeout: 120_000 }, () => {
  it('tells every registrant but the organiser who changed it, and only when the times change', async () => {
    const antenna = await w.antenna();
    const organizer = await w.organizer(antenna.id);
    const departureAt = new Date('2031-05-10T06:00:00Z');
    const trip = await w.trip(antenna.id, { departureAt, place: 'Gare de Nice-Ville' });
    const [confirmed, waiting] = [await createUser(t.db), await createUser(t.db)];
    await w.register(trip, confirmed);
    await w.register(trip, waiting, 'ATTENTE');
    await w.register(trip, organizer);

    const put = (over: Record<string, unknown>) =>
      w.edit(trip, organizer, { at: departureAt, place: 'Gare de Nice-Ville' }, over);

    // The seats only: nobody is told.
    const seats = await put({ places_total: 60 });
    expect(seats.statusCode, seats.body).toBe(200);
    expect(await departureNotices(confirmed)).toEqual([]);

    const moved = await put({
      depart_heure: '2031-05-10T07:30:00.000Z',
      depart_lieu: 'Gare de Menton',
      retour_heure: '2031-05-11T01:00:00.000Z',
      places_total: 60,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const sentence = T.departureChangedWithReturn(
      antenna.name,
      '10/05/2031 à 09:30',
      'Gare de Menton',
      '11/05/2031 à 03:00',
    );
    for (const member of [confirmed, waiting]) {
      const [row] = await departureNotices(member);
      expect(row?.deplacement).toMatchObject({
        id: trip.id,
        depart_heure: '2031-05-10T07:30:00.000Z',
        depart_lieu: 'Gare de Menton',
        retour_heure: '2031-05-11T01:00:00.000Z',
      });
      const mail = await waitFor(
        () => sink.received.find((m) => m.to.includes(member.email) && m.text.includes(sentence)),
        MAIL_WAIT_MS,
      );
      expect(mail.subject).toBe(`Munegu : ${sentence}`);
    }
    expect(await departureNotices(organizer)).toEqual([]);
  });

  it('keeps each trip, and each organiser, within a budget of departure changes', async () => {
    const antenna = await w.antenna();
    const organizer = await w.organizer(antenna.id);
    const trips = [await w.trip(antenna.id), await w.trip(antenna.id), await w.trip(antenna.id)];
    const member = await createUser(t.db);
    for (const trip of trips) await w.register(trip, member);
    const rules = await bearer(t.app, { id: organizer.id, role: 'UTILISATEUR' }, t.clock);
    const departures = async (trip: { id: number }) =>
      (await t.db.trip.findUniqueOrThrow({ where: { id: trip.id } })).departureAt.toISOString();
    const base = t.clock.now().getTime() + 6 * 86_400_000;
    const move = (trip: { id: number; matchId: number }, minutes: number, seats = 50) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/deplacements/${trip.id}`,
        headers: rules,
        payload: {
          match_id: trip.matchId,
          antenne_id: antenna.id,
          depart_lieu: 'Place d’Armes, Monaco',
          depart_heure: new Date(base + minutes * 60_000),
          retour_heure: null,
          places_total: seats,
          prix: null,
          date_limite: null,
          notes: null,
        },
      });
    const [first, second, third] = trips as [
      (typeof trips)[0],
      (typeof trips)[0],
      (typeof trips)[0],
    ];
    // One trip: 10 changes a day (RATE_LIMIT_TRIP_SCHEDULE_PER_TRIP), then refused unchanged.
    for (let i = 1; i <= 10; i += 1) expect((await move(first, i)).statusCode).toBe(200);
    const kept = await departures(first);
    const perTrip = await move(first, 11);
    expect(perTrip.statusCode).toBe(429);
    expect(perTrip.json().message).toMatch(
      /^Les horaires de ce déplacement ont déjà beaucoup changé\. Réessaie dans \d+ heures?\.$/,
    );
    expect(await departures(first)).toBe(kept);
    // Seats alone tell nobody and take nothing.
    expect((await move(first, 10, 60)).statusCode).toBe(200);
    // One organiser: 20 changes an hour over all their trips (RATE_LIMIT_TRIP_SCHEDULE); the
    // refused attempt above counted too, as an announcement's does.
    for (let i = 1; i <= 9; i += 1) expect((await move(second, i)).statusCode).toBe(200);
    const perOrganizer = await move(third, 1);
    expect(perOrganizer.statusCode).toBe(429);
    expect(perOrganizer.json().message).toMatch(/^Tu as changé beaucoup d’horaires de départ\./);
    const told = (await bellOf(t, member)).filter(
      (n) => n.deplacement?.evenement === 'DEPART_MODIFIE',
    );
    expect(told).toHaveLength(19);
  });
});
