import { GROUP_TEXTS as G, type GroupListItem, type Trip } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { createUser } from '../../../test/helpers/factories.js';
import { tripWorld } from '../../../test/helpers/trip-notify.js';
import { domainEvents } from '../../events/domain-events.js';

/**
 * A coach trip's group thread (issue 30): opened with the antenna's organisers when the trip
 * is created, joined by each registrant who becomes CONFIRME, left by a confirmed one who goes
 * away (403 from then on), and kept in step with the antenna's organisers.
 */
const bus = domainEvents();
const t = useTestApp({ events: bus });
const w = tripWorld(t, bus);

type Who = { id: number };
const as = async (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: await bearer(t.app, { id: who.id, role: 'UTILISATEUR' }, t.clock),
    ...(payload ? { payload } : {}),
  });
const groups = async (who: Who) =>
  (await as(who, 'GET', '/messages/groupes')).json() as GroupListItem[];
const read = (who: Who, id: number) => as(who, 'GET', `/messages/groupes/${id}`);
const post = (who: Who, id: number, content: string) =>
  as(who, 'POST', `/messages/groupes/${id}`, { content });

describe('group threads of coach trips', () => {
  it('opens with the organisers, a member joins on confirm, not while waiting', async () => {
    const antenna = await w.antenna();
    const [o1, o2] = [await w.organizer(antenna.id), await w.organizer(antenna.id)];
    const trip = await w.trip(antenna.id);
    const [group] = await groups(o1);
    expect(group).toMatchObject({
      kind: 'deplacement',
      match: { id: trip.matchId },
      deplacement: { id: trip.id, antenne: antenna.name },
      unread: 0,
    });
    expect(group!.members.map((m) => m.id).sort()).toEqual([o1.id, o2.id].sort());

    const [member, waiting] = [await createUser(t.db), await createUser(t.db)];
    await w.register(trip, waiting, 'ATTENTE');
    expect(await groups(waiting)).toEqual([]);
    expect((await read(waiting, group!.id)).statusCode).toBe(404);
    await w.register(trip, member);
    expect((await groups(member)).map((g) => g.id)).toEqual([group!.id]);
    expect((await post(member, group!.id, 'Je prends le sandwich')).statusCode).toBe(201);
    expect((await read(o2, group!.id)).json()).toMatchObject([
      { senderId: member.id, content: 'Je prends le sandwich', annonce: false },
    ]);

    // Promoted later: in the thread too.
    await w.promote(trip, waiting);
    expect((await read(waiting, group!.id)).statusCode).toBe(200);
  });

  it('a confirmed member who withdraws, or whose trip is cancelled, gets 403 from then on', async () => {
    const antenna = await w.antenna();
    const organizer = await w.organizer(antenna.id);
    const trip = await w.trip(antenna.id);
    const [leaver, stayer] = [await createUser(t.db), await createUser(t.db)];
    await w.register(trip, leaver);
    await w.register(trip, stayer);
    const id = (await groups(organizer))[0]!.id;

    await w.withdraw(trip, leaver);
    for (const res of [await read(leaver, id), await post(leaver, id, 'Encore là ?')])
      expect([res.statusCode, res.json().message]).toEqual([403, G.notMember]);
    expect(await groups(leaver)).toEqual([]);
    expect((await post(stayer, id, 'À demain')).statusCode).toBe(201);

    await w.cancel(trip);
    expect((await read(stayer, id)).statusCode).toBe(403);
    // The organisers keep the thread of their cancelled trip.
    expect((await read(organizer, id)).statusCode).toBe(200);
  });

  it('an organiser who registers and withdraws stays; organisers changed join and leave', async () => {
    const antenna = await w.antenna();
    const [kept, dropped] = [await w.organizer(antenna.id), await w.organizer(antenna.id)];
    const trip = await w.trip(antenna.id);
    const id = (await groups(kept))[0]!.id;
    await w.register(trip, kept);
    await w.withdraw(trip, kept);
    expect((await read(kept, id)).statusCode).toBe(200);

    const newcomer = await createUser(t.db);
    const [rider] = [await createUser(t.db)];
    await t.db.antennaOrganizer.create({ data: { antennaId: antenna.id, userId: rider.id } });
    await w.register(trip, rider);
    // The ADMIN names the newcomer and removes dropped and rider (rider stays as a passenger).
    await w.setOrganizers(antenna.id, [newcomer.id], [dropped.id, rider.id]);
    expect((await groups(newcomer)).map((g) => g.id)).toEqual([id]);
    expect((await read(dropped, id)).statusCode).toBe(403);
    expect((await read(rider, id)).statusCode).toBe(200);
    const members = (await groups(kept))[0]!.members.map((m) => m.id).sort();
    expect(members).toEqual([kept.id, rider.id, newcomer.id].sort());
  });

  it('the trip cards link to the thread for those in it, and only for them', async () => {
    const antenna = await w.antenna();
    const organizer = await w.organizer(antenna.id);
    const trip = await w.trip(antenna.id);
    const id = (await groups(organizer))[0]!.id;
    const [seated, waiting, leaver] = [
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
    ];
    await w.register(trip, seated);
    await w.register(trip, waiting, 'ATTENTE');
    await w.register(trip, leaver);
    await w.withdraw(trip, leaver);
    const card = async (who: Who) =>
      ((await as(who, 'GET', `/deplacements?match_id=${trip.matchId}`)).json() as Trip[])[0]!;

    expect((await card(seated)).groupe_id).toBe(id);
    expect((await card(organizer)).groupe_id).toBe(id);
    // Not in the thread: no link that would answer 403 or 404.
    expect((await card(waiting)).groupe_id).toBeNull();
    expect((await card(leaver)).groupe_id).toBeNull();
    expect((await card(await createUser(t.db))).groupe_id).toBeNull();

    const organisation = (await as(organizer, 'GET', '/deplacements/organisation')).json() as {
      deplacements: Trip[];
    };
    expect(organisation.deplacements.find((d) => d.id === trip.id)?.groupe_id).toBe(id);
  });
});
