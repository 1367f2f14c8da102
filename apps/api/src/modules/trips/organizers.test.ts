import { TRIP_TEXTS as T } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { deleteAccount } from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/app.js';
import { tripWorld } from '../../../test/helpers/trips.js';
import { parseCsv } from '../admin-matches/csv.js';

const t = useTestApp();
const w = tripWorld(t);

describe('organisers’ rights', () => {
  it('another antenna’s organiser and a plain member get 403 on every organiser route', async () => {
    const trip = await w.trip();
    const stranger = (await w.antenna()).organizer;
    const plain = await w.member();
    const registered = await w.member();
    await w.register(registered, trip.id);
    const body = w.input(trip.matchId, trip.antenna.id);
    for (const who of [stranger, plain, registered]) {
      const calls = [
        w.api(who, 'POST', '/deplacements', body),
        w.api(who, 'PUT', `/deplacements/${trip.id}`, body),
        w.api(who, 'DELETE', `/deplacements/${trip.id}`),
        w.api(who, 'GET', `/deplacements/${trip.id}/inscrits`),
        w.api(who, 'GET', `/deplacements/${trip.id}/inscrits.csv`),
        w.api(who, 'PATCH', `/deplacements/${trip.id}/inscrits/${registered.id}`, { paye: true }),
      ];
      for (const res of await Promise.all(calls))
        expect([res.statusCode, res.json().message]).toEqual([403, T.notOrganizer]);
      expect((await w.api(who, 'GET', '/deplacements/organisation')).statusCode).toBe(
        who === stranger ? 200 : 403,
      );
    }
    // Nothing moved.
    expect(await t.db.trip.findUniqueOrThrow({ where: { id: trip.id } })).toMatchObject({
      status: 'OUVERT',
      seats: 50,
    });
    expect((await w.state(trip.id)).rows[0]).toMatchObject({ paid: false });
    // The trip's own organiser and a moderator may; gerable says so on the cards.
    const moderator = await w.member({ role: 'MODERATEUR' });
    for (const who of [trip.antenna.organizer, moderator]) {
      expect((await w.api(who, 'GET', `/deplacements/${trip.id}/inscrits`)).statusCode).toBe(200);
      const [card] = (await w.api(who, 'GET', `/deplacements?match_id=${trip.matchId}`)).json();
      expect(card.gerable).toBe(true);
    }
  });

  it('the organisers route is ADMIN only, refuses unknown members and shows on /users/me', async () => {
    const antenna = await w.antenna('Antenne de Nice');
    const [admin, lea, gone] = [
      await w.member({ role: 'ADMIN' }),
      await w.member(),
      await w.member({ status: 'DELETED' }),
    ];
    const url = `/administration/antennes/${antenna.id}/organisateurs`;
    for (const who of [lea, await w.member({ role: 'MODERATEUR' })]) {
      expect((await w.api(who, 'GET', url)).statusCode).toBe(403);
      expect((await w.api(who, 'PUT', url, { userIds: [who.id] })).statusCode).toBe(403);
    }
    for (const ids of [
      [lea.id, gone.id],
      [lea.id, 999_999],
    ]) {
      const res = await w.api(admin, 'PUT', url, { userIds: ids });
      expect([res.statusCode, res.json().message]).toEqual([400, T.unknownMember]);
    }
    const saved = await w.api(admin, 'PUT', url, { userIds: [lea.id, lea.id] });
    expect(saved.json()).toEqual({
      antenne_id: antenna.id,
      organisateurs: [{ id: lea.id, username: lea.username }],
    });
    expect((await w.api(admin, 'GET', url)).json()).toEqual(saved.json());
    const me = (await w.api(lea, 'GET', '/users/me')).json();
    expect(me.antennes_organisees).toEqual([{ id: antenna.id, nom: 'Antenne de Nice' }]);
    const audit = await t.db.auditLog.findFirstOrThrow({
      where: { action: 'antenna.organizers', targetId: String(antenna.id) },
    });
    expect(audit.data).toEqual({
      ajoutes: [lea.username],
      retires: [antenna.organizer.username],
    });
    // The former organiser manages nothing any more.
    const former = await w.api(antenna.organizer, 'GET', '/deplacements/organisation');
    expect([former.statusCode, former.json().message]).toEqual([403, T.notOrganizer]);
    const org = (await w.api(lea, 'GET', '/deplacements/organisation')).json();
    expect(org.antennes).toEqual([{ id: antenna.id, nom: 'Antenne de Nice' }]);
  });
});

describe('a deleted organiser', () => {
  it('leaves the antenna’s organisers, so the list saves again as it is shown', async () => {
    const antenna = await w.antenna('Antenne de Menton');
    const [admin, lea] = [await w.member({ role: 'ADMIN' }), await w.member()];
    const url = `/administration/antennes/${antenna.id}/organisateurs`;
    await w.api(admin, 'PUT', url, { userIds: [antenna.organizer.id, lea.id] });

    await deleteAccount(t, antenna.organizer);

    const shown = (await w.api(admin, 'GET', url)).json();
    expect(shown.organisateurs).toEqual([{ id: lea.id, username: lea.username }]);
    const ids = shown.organisateurs.map((o: { id: number }) => o.id);
    expect((await w.api(admin, 'PUT', url, { userIds: ids })).statusCode).toBe(200);
  });
});

describe('the boarding list', () => {
  it('lists confirmed then waiting, ticks paid/present idempotently, exports CSV', async () => {
    const trip = await w.trip({ places_total: 2 });
    const names = [
      { firstName: 'Éloïse', lastName: 'D’Arc "la Pucelle"' },
      { firstName: '=CMD()', lastName: 'Müller; Jr' },
      { firstName: 'Zoé', lastName: 'Bâ' },
    ];
    const people: Awaited<ReturnType<typeof w.member>>[] = [];
    for (const n of names) {
      const u = await w.member();
      await t.db.user.update({ where: { id: u.id }, data: n });
      people.push(u);
    }
    await w.register(people[0]!, trip.id, 2, '+33 6 12 34 56 78');
    await w.register(people[1]!, trip.id, 1);
    await w.register(people[2]!, trip.id, 1);
    const org = trip.antenna.organizer;

    const list = (await w.api(org, 'GET', `/deplacements/${trip.id}/inscrits`)).json();
    expect(list.deplacement).toMatchObject({ id: trip.id, places_confirmees: 2, nb_attente: 2 });
    expect(
      list.inscrits.map((r: { user_id: number; statut: string; position_attente: number }) => [
        r.user_id,
        r.statut,
        r.position_attente,
      ]),
    ).toEqual([
      [people[0]!.id, 'CONFIRME', null],
      [people[1]!.id, 'ATTENTE', 1],
      [people[2]!.id, 'ATTENTE', 2],
    ]);

    const tick = () =>
      w.api(org, 'PATCH', `/deplacements/${trip.id}/inscrits/${people[0]!.id}`, {
        present: true,
      });
    for (const res of [await tick(), await tick()])
      expect(res.json()).toMatchObject({ user_id: people[0]!.id, present: true, paye: false });
    const waitingTick = await w.api(
      org,
      'PATCH',
      `/deplacements/${trip.id}/inscrits/${people[2]!.id}`,
      {
        paye: true,
      },
    );
    expect(waitingTick.json()).toMatchObject({ paye: true, position_attente: 2 });
    const nobody = await w.api(org, 'PATCH', `/deplacements/${trip.id}/inscrits/${org.id}`, {
      paye: true,
    });
    expect([nobody.statusCode, nobody.json().message]).toEqual([404, T.registrationNotFound]);

    const csv = await w.api(org, 'GET', `/deplacements/${trip.id}/inscrits.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="car-antenne-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const raw = csv.rawPayload.toString('utf8');
    expect(raw.startsWith('\uFEFF')).toBe(true);
    expect(raw.split('\r\n')[0]).toBe(
      '\uFEFFStatut;Position attente;Pseudo;Prénom;Nom;Téléphone;Places;Payé;Présent;Inscrit le',
    );
    const rows = parseCsv(raw);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => [r['prénom'], r['nom'], r['statut'], r['position attente']])).toEqual([
      ['Éloïse', 'D’Arc "la Pucelle"', 'Confirmé', ''],
      ["'=CMD()", 'Müller; Jr', 'Attente', '1'],
      ['Zoé', 'Bâ', 'Attente', '2'],
    ]);
    expect(rows[0]).toMatchObject({
      téléphone: "'+33 6 12 34 56 78",
      places: '2',
      payé: 'non',
      présent: 'oui',
    });
    expect(rows[0]!['inscrit le']).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });
});
