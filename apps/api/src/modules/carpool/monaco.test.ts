import { describe, expect, it } from 'vitest';
import { createMember, freshIp } from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { uniqueEmail } from '../../../test/helpers/factories.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';

// Monaco ('MC') is no French department, but the club's own city: it is chosen, shown, counted
// and mapped like one.
const t = useTestApp();
const w = carpoolWorld(t);

type Count = { code: string; nom: string; supporters: string };
const counts = async (viewer: { id: number }, matchId: number) =>
  (
    await w.api(viewer as never, 'GET', `/users/departements-disponibles?match_id=${matchId}`)
  ).json().departements as Count[];

describe('Monaco as a home department', () => {
  it('is taken at registration and stored like the others (FR-MC)', async () => {
    const antennas = await t.db.antenna.findMany({ take: 1 });
    const email = uniqueEmail('monaco');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: freshIp(),
      payload: {
        prenom: 'Louis',
        nom: 'Grimaldi',
        username: `Mc${Date.now().toString(36).slice(-8)}`,
        email,
        password: 'Monaco1922!',
        date_naissance: '14/07/1990',
        departement: 'MC',
        antennes: antennas.map((a) => a.id),
        notif_mail_appli: true,
        notif_mail_promo: false,
      },
    });
    expect(res.statusCode).toBe(201);
    expect((await t.db.user.findUniqueOrThrow({ where: { email } })).department).toBe('FR-MC');
  });

  it('is chosen in the settings and shown as “Monaco”', async () => {
    const user = await createMember(t.db, { department: 'FR-06' });
    const auth = await bearer(t.app, user, t.clock);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/parametres',
      headers: auth,
      payload: { departement: 'MC' },
      remoteAddress: freshIp(),
    });
    expect(res.json()).toEqual({ message: 'Mise à jour réussie !', user: { departement: 'MC' } });
    const personal = await t.app.inject({
      method: 'GET',
      url: '/api/users/me-personal',
      headers: auth,
    });
    expect(personal.json()).toMatchObject({ departement: 'FR-MC', departement_nom: 'Monaco' });
    const code = await t.app.inject({
      method: 'GET',
      url: '/api/users/departement',
      headers: auth,
    });
    expect(code.json()).toEqual({ departement: 'MC' });
  });
});

describe('Monaco as a departure department', () => {
  it('is accepted for a car, a search and a request, and counted on the map with the <3 rule', async () => {
    const match = await w.match();
    const driver = await w.driver(match.id, 3, 'MC');
    const searcher = await w.searcher(match.id, 1, 'FR-MC');
    expect(
      (await w.api(driver, 'GET', `/users/infos-utilisateur?match_id=${match.id}`)).json(),
    ).toMatchObject({ departement_depart: 'MC', transport: 'VOITURE' });

    expect((await counts(searcher, match.id)).find((d) => d.code === 'MC')).toEqual({
      code: 'MC',
      nom: 'Monaco',
      supporters: '<3',
    });
    await w.searcher(match.id, 2, 'MC');
    expect((await counts(searcher, match.id)).find((d) => d.code === 'MC')?.supporters).toBe('3');

    // The list endpoint, for Monaco and by default for the caller's own departure.
    const byCode = await w.api(
      searcher,
      'GET',
      `/users/supporters-par-departement-detail?match_id=${match.id}&departement=MC`,
    );
    const listed = byCode.json().MC as { id: number; departement_depart: string }[];
    expect(listed.map((s) => s.id)).toEqual(expect.arrayContaining([driver.id, searcher.id]));
    expect(listed.every((s) => s.departement_depart === 'MC')).toBe(true);
    const own = await w.api(
      searcher,
      'GET',
      `/users/supporters-par-departement-detail?match_id=${match.id}`,
    );
    expect(Object.keys(own.json())).toEqual(['MC']);

    const request = await w.api(searcher, 'POST', '/user-to-user-match', {
      user2_id: driver.id,
      statut_id: 2,
      departement_depart: 'MC',
      match_id: match.id,
    });
    expect(request.statusCode).toBe(201);
    expect(request.json().relation).toMatchObject({ departement_depart: 'MC' });
  });

  it('moves its count when an answer leaves Monaco', async () => {
    const match = await w.match();
    const viewer = await w.searcher(match.id, 1, '06');
    const mover = await w.searcher(match.id, 1, 'MC');
    expect((await counts(viewer, match.id)).map((d) => d.code)).toContain('MC');
    await w.api(mover, 'POST', '/user-recherche', {
      nb_pers: 1,
      match_id: match.id,
      departement_depart: '06',
    });
    expect((await counts(viewer, match.id)).map((d) => d.code)).not.toContain('MC');
  });

  it('takes part in the detour suggestions', async () => {
    // Away match in Marseille (13): a driver from Monaco passes through the 06 on the way.
    const match = await w.match();
    await t.db.club.update({ where: { id: match.homeClubId }, data: { department: '13' } });
    const me = await w.searcher(match.id, 1, '06');
    const fromMonaco = await w.driver(match.id, 2, 'MC');
    const res = (
      await w.api(me, 'GET', `/users/departements-disponibles?match_id=${match.id}`)
    ).json();
    expect(res.suggestions.map((s: { id: number }) => s.id)).toEqual([fromMonaco.id]);
    expect(res.suggestions[0]).toMatchObject({ departement_depart: 'MC' });
    expect(res.suggestions[0].detour_km).toBeLessThan(60);

    // The other way round, a driver from the 06 would have to go back east to fetch Monaco.
    const other = await w.match();
    await t.db.club.update({ where: { id: other.homeClubId }, data: { department: '13' } });
    const inMonaco = await w.searcher(other.id, 1, 'MC');
    await w.driver(other.id, 2, '06');
    const back = (
      await w.api(inMonaco, 'GET', `/users/departements-disponibles?match_id=${other.id}`)
    ).json();
    expect(back.suggestions).toEqual([]);
  });
});
