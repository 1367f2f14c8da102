import { TRIP_TEXTS as T, type AppNotification, type GroupMessage } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/app.js';
import { bearer } from '../../../../test/helpers/auth.js';
import { createUser } from '../../../../test/helpers/factories.js';
import { tripWorld } from '../../../../test/helpers/trip-notify.js';
import { domainEvents } from '../../../events/domain-events.js';

/**
 * POST /deplacements/{id}/annonces (issue 30): the trip's antenna organisers and MODERATEUR+
 * post in the trip's thread, the confirmed registrants also get it in their bell; anyone else
 * is refused and nothing is stored.
 */
const bus = domainEvents();
const t = useTestApp({ events: bus });
const w = tripWorld(t, bus);

type Who = { id: number; role?: string };
const as = async (who: Who | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: who
      ? await bearer(t.app, { id: who.id, role: (who.role ?? 'UTILISATEUR') as 'ADMIN' }, t.clock)
      : {},
    ...(payload ? { payload } : {}),
  });
const announce = (who: Who | null, tripId: number, content: string) =>
  as(who, 'POST', `/deplacements/${tripId}/annonces`, { content });
const bell = async (who: Who) =>
  (await as(who, 'GET', '/user-notification/me')).json() as AppNotification[];

/** A trip of a fresh antenna with its organiser, a confirmed and a waiting registrant. */
async function trip() {
  const antenna = await w.antenna();
  const organizer = await w.organizer(antenna.id);
  const created = await w.trip(antenna.id);
  const [confirmed, waiting] = [await createUser(t.db), await createUser(t.db)];
  await w.register(created, confirmed);
  await w.register(created, waiting, 'ATTENTE');
  return { antenna, organizer, trip: created, confirmed, waiting };
}

describe('trip announcements', () => {
  it('an organiser posts in the thread, the confirmed registrants get it in their bell', async () => {
    const { antenna, organizer, trip: created, confirmed, waiting } = await trip();
    const res = await announce(organizer, created.id, '  Départ avancé à 6h, soyez là à 5h45 !  ');
    expect(res.statusCode).toBe(201);
    const message = res.json() as GroupMessage;
    expect(message).toMatchObject({
      senderId: organizer.id,
      senderName: organizer.username,
      content: 'Départ avancé à 6h, soyez là à 5h45 !',
      annonce: true,
      fromMe: true,
    });

    // In the thread, for its members: the organiser and the confirmed registrant.
    const thread = await as(confirmed, 'GET', `/messages/groupes/${message.groupId}?offset=0`);
    expect(thread.json()).toMatchObject([
      { id: message.id, annonce: true, fromMe: false, content: message.content },
    ]);
    expect((await as(waiting, 'GET', `/messages/groupes/${message.groupId}`)).statusCode).toBe(404);

    const [row] = await bell(confirmed);
    expect(row).toMatchObject({
      type_notification: 'DEPLACEMENT',
      match_id: created.matchId,
      deplacement: {
        id: created.id,
        antenne: antenna.name,
        evenement: 'ANNONCE',
        groupe_id: message.groupId,
      },
    });
    const [mail] = await t.db.mailOutbox.findMany({
      where: { to: confirmed.email, kind: 'trip-notification' },
    });
    expect(mail!.text).toContain(T.announcement(antenna.name));
    expect(mail!.text).toContain('Départ avancé à 6h, soyez là à 5h45 !');
    expect(mail!.text).toContain(`/messages/groupes/${message.groupId}`);
    // Waiting registrants and the organiser who wrote it: no notification.
    expect(await bell(waiting)).toEqual([]);
    expect(await bell(organizer)).toEqual([]);
  });

  it('a moderator may announce; another antenna’s organiser and a plain member get 403', async () => {
    const { trip: created, confirmed } = await trip();
    const elsewhere = await w.organizer((await w.antenna()).id);
    const moderator = await createUser(t.db, { role: 'MODERATEUR' });
    const before = await t.db.groupMessage.count();

    for (const who of [elsewhere, confirmed, await createUser(t.db, { role: 'REDACTEUR' })]) {
      const res = await announce(who, created.id, 'Je ne suis pas organisateur');
      expect([res.statusCode, res.json().message]).toEqual([403, T.notOrganizer]);
    }
    expect((await announce(null, created.id, 'Anonyme')).statusCode).toBe(401);
    expect(await t.db.groupMessage.count()).toBe(before);
    expect(await bell(confirmed)).toEqual([]);

    const res = await announce(moderator, created.id, 'Message de la modération');
    expect(res.statusCode).toBe(201);
    expect((await bell(confirmed)).map((n) => n.deplacement?.evenement)).toEqual(['ANNONCE']);

    // The moderator joined the thread they wrote in: they read it and the replies to it.
    const { groupId } = res.json() as GroupMessage;
    const groups = (await as(moderator, 'GET', '/messages/groupes')).json() as { id: number }[];
    expect(groups.map((g) => g.id)).toContain(groupId);
    const thread = await as(moderator, 'GET', `/messages/groupes/${groupId}?offset=0`);
    expect([thread.statusCode, thread.json()]).toMatchObject([
      200,
      [{ content: 'Message de la modération', annonce: true, fromMe: true }],
    ]);
  });

  it('refuses an unknown trip, a cancelled one and an empty or unsafe text', async () => {
    const { organizer, trip: created } = await trip();
    for (const content of ['   ', 'x'.repeat(1001), 'Regarde <b>ça</b>']) {
      const res = await announce(organizer, created.id, content);
      expect(res.statusCode, content).toBe(400);
    }
    const unknown = await announce(organizer, 999_999, 'Bonjour');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, T.notFound]);
    await w.cancel(created);
    const cancelled = await announce(organizer, created.id, 'Trop tard');
    expect([cancelled.statusCode, cancelled.json().message]).toEqual([409, T.tripCancelled]);
  });

  it('budgets announcements per organiser and per trip, in French; nothing stored past them', async () => {
    const { trip: created, confirmed } = await trip();
    const [a, b, c] = [
      await w.organizer(created.antennaId),
      await w.organizer(created.antennaId),
      await w.organizer(created.antennaId),
    ];
    const own = t.config.accountBudgets.tripAnnouncement.max;
    const perTrip = t.config.accountBudgets.tripAnnouncementPerTrip.max;
    expect(perTrip).toBeLessThanOrEqual(2 * own);
    const send = async (who: Who, n: number) => {
      for (let i = 0; i < n; i++)
        expect((await announce(who, created.id, `Annonce ${i}`)).statusCode).toBe(201);
    };
    await send(a, own);
    const tired = await announce(a, created.id, 'Une de plus');
    expect(tired.statusCode).toBe(429);
    expect(tired.json().message).toMatch(
      /^Tu as envoyé beaucoup d’annonces\. Réessaie dans \d+ (minute|heure)s?\.$/,
    );

    // Another organiser of the same antenna fills the trip's own budget…
    await send(b, perTrip - own);
    const full = await announce(c, created.id, 'Et moi ?');
    expect(full.statusCode).toBe(429);
    expect(full.json().message).toMatch(
      /^Ce déplacement a déjà reçu beaucoup d’annonces\. Réessaie dans \d+ heures?\.$/,
    );
    // … so a registrant received exactly that many, whatever the number of organisers.
    const received = (await bell(confirmed)).filter((n) => n.deplacement?.evenement === 'ANNONCE');
    expect(received).toHaveLength(perTrip);

    // The trip's budget is that trip's: the same organiser announces on another one.
    const other = await w.trip(created.antennaId);
    expect((await announce(c, other.id, 'Autre car')).statusCode).toBe(201);
  });
});
