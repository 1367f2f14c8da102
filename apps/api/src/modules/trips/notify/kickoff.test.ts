import { TRIP_TEXTS as T } from '@munegu/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { announceKickoffs, moveKickoff } from '../../../../test/helpers/admin.js';
import { bearer } from '../../../../test/helpers/auth.js';
import { createMatch, createUser, uniqueRealSeason } from '../../../../test/helpers/factories.js';
import { waitFor } from '../../../../test/helpers/smtp-sink.js';
import { notificationTab, until, type Client } from '../../../../test/helpers/sockets.js';
import { bellOf, MAIL_WAIT_MS, useMailingTrips } from '../../../../test/helpers/trip-notify.js';

/**
 * An operator moves the kickoff of a match that has coaches: every registrant (confirmed or
 * waiting) and the antenna's organisers hear it, with the departure when the coach's times
 * still fit the match, or that they are to be changed when the coach now leaves after the
 * kickoff. Through the operators' real route, the scheduled announcement once its delay has
 * passed, the app's bus, a real SMTP server and sockets.
 */
const { sink, t, w, server } = useMailingTrips({ listen: true });
const clients: Client[] = [];
afterAll(() => {
  for (const c of clients) c.disconnect();
});

const mailsTo = (email: string) => sink.received.filter((m) => m.to.includes(email));

describe('a moved kickoff and the coaches', { timeout: 120_000 }, () => {
  it('tells registrants and organisers of the coaches that run, and says when times no longer fit', async () => {
    const { season, year } = uniqueRealSeason();
    const day = `${year + 1}-01-02`;
    const match = await createMatch(t.db, {
      kickoffAt: new Date(`${day}T19:45:00Z`), // 20:45 in Paris
      season,
      matchday: 7,
    });
    const antenna = await w.antenna();
    const organizer = await w.organizer(antenna.id);
    const outsider = await w.organizer((await w.antenna()).id);
    const trip = await w.trip(antenna.id, {
      matchId: match.id,
      departureAt: new Date(`${day}T11:45:00Z`), // 12:45 in Paris
      returnAt: new Date(`${day}T23:30:00Z`),
      place: 'Gare de Nice-Ville',
    });
    const cancelled = await w.trip((await w.antenna()).id, {
      matchId: match.id,
      departureAt: new Date(`${day}T10:00:00Z`),
    });
    const [confirmed, waiting, onCancelled, otherMatch] = [
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
    ];
    await w.register(trip, confirmed);
    await w.register(trip, waiting, 'ATTENTE');
    await w.register(cancelled, onCancelled);
    await w.cancel(cancelled);
    await w.register(await w.trip(antenna.id), otherMatch);
    const confirmedTab = await notificationTab(t, server.url, clients, confirmed);

    const move = (kickoff: string) => moveKickoff(t, match, { season, journee: 7 }, kickoff);
    const before = {
      cancelled: (await bellOf(t, onCancelled)).length,
      outsider: (await bellOf(t, outsider)).length,
    };

    // Later in the evening: the coach still leaves before and comes back after.
    const later = await move(`${day}T21:00`);
    expect(later.statusCode, later.body).toBe(200);
    await announceKickoffs(t);
    await until(() => confirmedTab.some((e) => e.type === 'DEPLACEMENT'), 3000);
    for (const member of [confirmed, waiting, organizer]) {
      const [row] = await bellOf(t, member);
      expect(row).toMatchObject({
        type_notification: 'DEPLACEMENT',
        match_id: match.id,
        match: { date: `${day}T20:00:00.000Z` },
        deplacement: {
          id: trip.id,
          evenement: 'HORAIRE',
          depart_heure: `${day}T11:45:00.000Z`,
          retour_heure: `${day}T23:30:00.000Z`,
          depart_lieu: 'Gare de Nice-Ville',
        },
      });
      const fits = T.kickoffMoved(
        antenna.name,
        `02/01/${year + 1} à 21:00`,
        `02/01/${year + 1} à 12:45`,
        'Gare de Nice-Ville',
      );
      const mail = await waitFor(() => mailsTo(member.email)[0], MAIL_WAIT_MS);
      expect(mail.text).toContain(fits);
    }
    // A cancelled coach, another antenna's organiser, another match: nothing.
    expect(await bellOf(t, onCancelled)).toHaveLength(before.cancelled);
    expect(await bellOf(t, outsider)).toHaveLength(before.outsider);
    expect(await bellOf(t, otherMatch)).toEqual([]);

    // Before the coach's departure: the times are to be changed, and the mail says so.
    const earlier = await move(`${day}T11:00`);
    expect(earlier.statusCode, earlier.body).toBe(200);
    await announceKickoffs(t);
    const retime = T.kickoffMovedRetime(antenna.name, `02/01/${year + 1} à 11:00`);
    for (const member of [confirmed, waiting, organizer]) {
      const mail = await waitFor(
        () => mailsTo(member.email).find((m) => m.text.includes(retime)),
        MAIL_WAIT_MS,
      );
      expect(mail.subject).toBe(`Munegu : ${retime}`);
      const bell = await bellOf(t, member);
      expect(bell.filter((n) => n.deplacement?.evenement === 'HORAIRE')).toHaveLength(2);
    }
  });

  it('tells an organiser who is also registered on the coach once', async () => {
    const { season, year } = uniqueRealSeason();
    const day = `${year + 1}-02-03`;
    const match = await createMatch(t.db, {
      kickoffAt: new Date(`${day}T19:00:00Z`),
      season,
      matchday: 2,
    });
    const antenna = await w.antenna();
    const organizer = await w.organizer(antenna.id);
    const trip = await w.trip(antenna.id, {
      matchId: match.id,
      departureAt: new Date(`${day}T12:00:00Z`),
    });
    await w.register(trip, organizer);
    const moved = await moveKickoff(t, match, { season, journee: 2 }, `${day}T21:15`);
    expect(moved.statusCode, moved.body).toBe(200);
    await announceKickoffs(t);
    await waitFor(() => mailsTo(organizer.email)[0], MAIL_WAIT_MS);
    const bell = await bellOf(t, organizer);
    expect(bell.filter((n) => n.deplacement?.evenement === 'HORAIRE')).toHaveLength(1);
  });

  it('tells the coaches of a match whose kickoff an import moved, and journals what moved', async () => {
    const { season, year } = uniqueRealSeason();
    const day = `${year + 1}-03-04`;
    const match = await createMatch(t.db, {
      kickoffAt: new Date(`${day}T19:00:00Z`), // 20:00 in Paris
      season,
      matchday: 5,
    });
    const unmoved = await createMatch(t.db, {
      kickoffAt: new Date(`${day}T15:00:00Z`),
      season,
      matchday: 6,
    });
    const antenna = await w.antenna();
    const trip = await w.trip(antenna.id, {
      matchId: match.id,
      departureAt: new Date(`${day}T12:00:00Z`),
    });
    const member = await createUser(t.db);
    await w.register(trip, member);
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const line = (m: typeof match, journee: number, kickoff: string) => ({
      season,
      journee,
      kickoff,
      club_dom: m.homeClubId,
      club_ext: m.awayClubId,
      hashtag: m.hashtag,
    });

    // The league confirms the dates: the file repeats one match as it was and moves the other.
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/matchs',
      headers: await bearer(t.app, { id: admin.id, role: 'ADMIN' }, t.clock),
      payload: {
        rows: [line(match, 5, `${day}T21:00`), line(unmoved, 6, `${day}T16:00`)],
      },
    });
    expect(imported.json()).toMatchObject({ applied: true, valid: 2 });
    await announceKickoffs(t);

    const [row] = await bellOf(t, member);
    expect(row).toMatchObject({
      type_notification: 'DEPLACEMENT',
      match_id: match.id,
      deplacement: { id: trip.id, evenement: 'HORAIRE' },
    });
    const mail = await waitFor(() => mailsTo(member.email)[0], MAIL_WAIT_MS);
    expect(mail.text).toContain(`coup d'envoi le 04/03/${year + 1} à 21:00.`);

    // The journal says which match changed, and how; the match left as it was has no row.
    const rows = await t.db.auditLog.findMany({
      where: { actorId: admin.id, action: 'match.update' },
    });
    expect(rows.map((r) => r.targetId)).toEqual([String(match.id)]);
    expect(rows[0]!.data).toMatchObject({ changed: ['coup_envoi'] });
  });
});
