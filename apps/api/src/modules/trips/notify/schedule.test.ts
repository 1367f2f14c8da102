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

    const put = async (over: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/deplacements/${trip.id}`,
        headers: await bearer(t.app, { id: organizer.id, role: 'UTILISATEUR' }, t.clock),
        payload: {
          match_id: trip.matchId,
          antenne_id: antenna.id,
          depart_lieu: 'Gare de Nice-Ville',
          depart_heure: departureAt.toISOString(),
          retour_heure: null,
          places_total: 50,
          prix: null,
          date_limite: null,
          notes: null,
          ...over,
        },
      });

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
});
