import type { AdminCategory, AdminReason, AdminTransport, MatchInfo } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../test/helpers/admin.js';
import { bearer } from '../../../test/helpers/auth.js';
import { carpoolWorld } from '../../../test/helpers/carpool.js';
import { createUser, SPEC_TRANSPORTS } from '../../../test/helpers/factories.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const tag = () => Math.random().toString(36).slice(2, 8);

describe('administration: antennas, transport modes, reasons and news categories', () => {
  const { t, admin } = useAdminApp();
  const send = (method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: admin.headers,
      ...(payload ? { payload } : {}),
    });
  const publicRead = async (url: string) =>
    (await t.app.inject({ method: 'GET', url: `/api${url}` })).json() as {
      id: number;
      label?: string;
      nom?: string;
      libelle?: string;
    }[];
  const lastAudit = (action: string, targetId: number) =>
    t.db.auditLog.findFirst({ where: { action, targetId: String(targetId) } });

  it('creates, renames and deletes an antenna, visible in GET /antennes', async () => {
    const nom = `Antenne ${tag()}`;
    const created = await send('POST', '/administration/antennes', { nom, categorie: 'Groupe' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    expect((await publicRead('/antennes')).find((a) => a.id === id)?.nom).toBe(nom);
    const duplicate = await send('POST', '/administration/antennes', {
      nom: nom.toUpperCase(),
      categorie: 'Groupe',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Une antenne porte déjà ce nom.');
    const bad = await send('POST', '/administration/antennes', { nom: '<i>x</i>', categorie: 'G' });
    expect(bad.statusCode).toBe(400);

    const renamed = `${nom} bis`;
    await send('PUT', `/administration/antennes/${id}`, { nom: renamed, categorie: 'Section' });
    expect((await publicRead('/antennes')).find((a) => a.id === id)).toEqual({
      id,
      nom: renamed,
      categorie: 'Section',
    });
    expect(await lastAudit('antenna.update', id)).toMatchObject({
      actorId: admin.id,
      data: { from: { nom }, to: { nom: renamed } },
    });

    // In use by a member: refused, the membership is kept.
    const member = await createUser(t.db);
    await t.db.userAntenna.create({ data: { userId: member.id, antennaId: id } });
    const inUse = await send('DELETE', `/administration/antennes/${id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(/renomme-la/);
    await t.db.userAntenna.deleteMany({ where: { antennaId: id } });
    expect((await send('DELETE', `/administration/antennes/${id}`)).statusCode).toBe(200);
    expect((await publicRead('/antennes')).some((a) => a.id === id)).toBe(false);
    expect(await lastAudit('antenna.delete', id)).toMatchObject({ data: { nom: renamed } });
    expect((await send('DELETE', `/administration/antennes/${id}`)).statusCode).toBe(404);
  });

  it('adds, renames and deletes a transport mode members can choose', async () => {
    const libelle = `Trottinette ${tag()}`;
    const created = await send('POST', '/administration/transports', { libelle });
    expect(created.statusCode).toBe(201);
    const mode = created.json() as AdminTransport;
    expect(mode).toMatchObject({ libelle, protected: false, uses: 0 });
    expect(await lastAudit('transport.create', mode.id)).toMatchObject({
      actorId: admin.id,
      targetLabel: libelle,
      data: { libelle },
    });
    // Offered to members after the spec's five, 'en recherche' staying last.
    const offered = await publicRead('/transport');
    expect(offered.at(-1)).toEqual({ id: 6, libelle: 'en recherche' });
    expect(offered.at(-2)).toEqual({ id: mode.id, libelle });

    for (const [payload, status, message] of [
      [{ libelle: libelle.toUpperCase() }, 409, 'Un mode de transport porte déjà ce nom.'],
      [{ libelle: 'Voiture' }, 400, null],
      [{ libelle: 'À pied' }, 400, null],
      [{ libelle: 'covoiturage' }, 400, null],
      [{ libelle: '<b>x</b>' }, 400, null],
    ] as const) {
      const refused = await send('POST', '/administration/transports', payload);
      expect(refused.statusCode, payload.libelle).toBe(status);
      if (message) expect(refused.json().message).toBe(message);
    }
    const reserved = await send('POST', '/administration/transports', { libelle: 'En bus' });
    expect(reserved.json().errors).toContainEqual({
      path: 'libelle',
      message:
        'Ce nom désigne déjà un mode de l’application (voiture, bus, train, avion, à pied, recherche, covoiturage).',
    });

    const renamed = `Vélo ${tag()}`;
    const put = await send('PUT', `/administration/transports/${mode.id}`, { libelle: renamed });
    expect(put.json()).toMatchObject({ id: mode.id, libelle: renamed });
    expect(await lastAudit('transport.update', mode.id)).toMatchObject({
      targetLabel: renamed,
      data: { from: libelle, to: renamed },
    });

    // A member goes by it: their answer names it, and it cannot be deleted any more.
    const world = carpoolWorld(t);
    const match = await world.match();
    const rider = await world.member();
    const going = await world.api(rider, 'POST', '/user-transport', {
      transport_id: mode.id,
      match_id: match.id,
      departement_depart: '06',
    });
    expect(going.statusCode, going.body).toBe(200);
    const info = (
      await world.api(rider, 'GET', `/users/infos-utilisateur?match_id=${match.id}`)
    ).json() as MatchInfo;
    expect(info).toMatchObject({ type: 'transport', transport: renamed, covoiturage: false });
    const listed = (await send('GET', '/administration/transports')).json() as AdminTransport[];
    expect(listed.find((m) => m.id === mode.id)).toMatchObject({ uses: 1 });
    const inUse = await send('DELETE', `/administration/transports/${mode.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(
      'Des membres ont choisi ce mode de transport : renomme-le plutôt que de le supprimer.',
    );

    await t.db.presence.deleteMany({ where: { transportTypeId: mode.id } });
    expect((await send('DELETE', `/administration/transports/${mode.id}`)).statusCode).toBe(200);
    expect((await publicRead('/transport')).some((m) => m.id === mode.id)).toBe(false);
    expect(await lastAudit('transport.delete', mode.id)).toMatchObject({
      targetLabel: renamed,
      data: { libelle: renamed },
    });
    expect((await send('DELETE', `/administration/transports/${mode.id}`)).statusCode).toBe(404);
    // A deleted (or unknown) mode is refused to members.
    const gone = await world.api(rider, 'POST', '/user-transport', {
      transport_id: mode.id,
      match_id: match.id,
      departement_depart: '06',
    });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe('Moyen de transport inconnu.');
  });

  it('keeps the spec’s six transport modes as they are', async () => {
    const all = (await send('GET', '/administration/transports')).json() as AdminTransport[];
    const spec = all.filter((m) => m.protected);
    expect(spec.map((m) => m.libelle)).toEqual(SPEC_TRANSPORTS);
    for (const [method, payload] of [
      ['DELETE', undefined],
      ['PUT', { libelle: `Navette ${tag()}` }],
    ] as const) {
      const refused = await send(method, `/administration/transports/${spec[2]!.id}`, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(
        /^Les modes voiture, bus, train, avion, à pied et en recherche ne peuvent être ni renommés ni supprimés/,
      );
    }
    const member = await createUser(t.db);
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/administration/transports',
      headers: await bearer(t.app, member, t.clock),
      payload: { libelle: 'Moto' },
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('adds reasons before « Autre », reorders them, and protects « Autre »', async () => {
    const label = `Motif ${tag()}`;
    const created = await send('POST', '/administration/motifs', {
      kind: 'SIGNALEMENT',
      section: 'message',
      label,
    });
    expect(created.statusCode).toBe(201);
    const reason = created.json() as AdminReason;
    let list = await publicRead('/motifs-signalement/message');
    expect(list.at(-1)?.label).toBe('Autre');
    expect(list.at(-2)).toEqual({ id: reason.id, label });

    // Reorder: the new one first; 'Autre' stays last whatever is sent.
    const others = list.filter((r) => r.label !== 'Autre').map((r) => r.id);
    const order = [reason.id, ...others.filter((id) => id !== reason.id)];
    const reordered = await send('PUT', '/administration/motifs/ordre', {
      kind: 'SIGNALEMENT',
      section: 'message',
      ids: order,
    });
    expect(reordered.statusCode).toBe(200);
    list = await publicRead('/motifs-signalement/message');
    expect(list.map((r) => r.id)).toEqual([...order, list.at(-1)!.id]);
    expect(list.at(-1)?.label).toBe('Autre');
    const autreId = list.at(-1)!.id;
    const withAutre = await send('PUT', '/administration/motifs/ordre', {
      kind: 'SIGNALEMENT',
      section: 'message',
      ids: [autreId, ...order],
    });
    expect(withAutre.statusCode).toBe(400);
    const partial = await send('PUT', '/administration/motifs/ordre', {
      kind: 'SIGNALEMENT',
      section: 'message',
      ids: order.slice(1),
    });
    expect(partial.json().message).toBe(
      "L'ordre doit reprendre exactement les motifs de la liste, « Autre » excepté.",
    );

    for (const [method, payload] of [
      ['DELETE', undefined],
      ['PUT', { label: 'Divers' }],
    ] as const) {
      const refused = await send(method, `/administration/motifs/${autreId}`, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        '« Autre » reste en dernière position : il ne peut être ni renommé ni supprimé.',
      );
    }
    const reserved = await send('PUT', `/administration/motifs/${reason.id}`, { label: 'autre' });
    expect(reserved.statusCode).toBe(400);
    const noSection = await send('POST', '/administration/motifs', {
      kind: 'SIGNALEMENT',
      section: '',
      label: `Motif ${tag()}`,
    });
    expect(noSection.statusCode).toBe(400);

    const renamed = await send('PUT', `/administration/motifs/${reason.id}`, {
      label: `${label}!`,
    });
    expect(renamed.json()).toMatchObject({ label: `${label}!`, autre: false });
    expect((await publicRead('/motifs-signalement/message'))[0]?.label).toBe(`${label}!`);
    expect((await send('DELETE', `/administration/motifs/${reason.id}`)).statusCode).toBe(200);
    expect((await publicRead('/motifs-signalement/message')).some((r) => r.id === reason.id)).toBe(
      false,
    );
    const actions = await t.db.auditLog.findMany({
      where: { actorId: admin.id, action: { startsWith: 'reason.' } },
      orderBy: { id: 'asc' },
    });
    expect(actions.map((a) => a.action)).toEqual([
      'reason.create',
      'reason.reorder',
      'reason.update',
      'reason.delete',
    ]);
  });

  it('keeps a reason already used by a cancellation or a report', async () => {
    const created = await send('POST', '/administration/motifs', {
      kind: 'SIGNALEMENT',
      section: 'profil',
      label: `Motif ${tag()}`,
    });
    const { id } = created.json() as AdminReason;
    const [reporter, reported] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await t.db.report.create({
      data: {
        reporterId: reporter.id,
        reportedUserId: reported.id,
        reasonId: id,
        section: 'profil',
      },
    });
    const refused = await send('DELETE', `/administration/motifs/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Ce motif a déjà été utilisé : il ne peut pas être supprimé.',
    );
  });

  it('manages news categories; TOUT, AUTRE and used ones are protected', async () => {
    const libelle = `CAT ${tag()}`;
    const created = await send('POST', '/administration/categories-actualite', { libelle });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as AdminCategory;
    expect((await publicRead('/categorie-actualite')).find((c) => c.id === id)?.libelle).toBe(
      libelle,
    );
    await send('PUT', `/administration/categories-actualite/${id}`, { libelle: `${libelle} 2` });
    expect((await publicRead('/categorie-actualite')).find((c) => c.id === id)?.libelle).toBe(
      `${libelle} 2`,
    );
    const all = (
      await send('GET', '/administration/categories-actualite')
    ).json() as AdminCategory[];
    for (const name of ['TOUT', 'AUTRE']) {
      const protectedOne = all.find((c) => c.libelle === name)!;
      expect(protectedOne.protected).toBe(true);
      for (const [method, payload] of [
        ['DELETE', undefined],
        ['PUT', { libelle: 'Divers' }],
      ] as const) {
        const refused = await send(
          method,
          `/administration/categories-actualite/${protectedOne.id}`,
          payload,
        );
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(
          'Les catégories TOUT et AUTRE ne peuvent être ni renommées ni supprimées.',
        );
      }
    }
    const taken = await send('POST', '/administration/categories-actualite', { libelle: 'tout' });
    expect(taken.statusCode).toBe(409);

    await t.db.news.create({
      data: { title: 'x', content: 'x', image: '/x.webp', categoryId: id, authorId: admin.id },
    });
    const used = await send('DELETE', `/administration/categories-actualite/${id}`);
    expect(used.statusCode).toBe(409);
    await t.db.news.deleteMany({ where: { categoryId: id } });
    expect((await send('DELETE', `/administration/categories-actualite/${id}`)).statusCode).toBe(
      200,
    );
    expect((await publicRead('/categorie-actualite')).some((c) => c.id === id)).toBe(false);
    expect(await lastAudit('news-category.delete', id)).toMatchObject({
      actorId: admin.id,
      data: { libelle: `${libelle} 2` },
    });
  });

  it('manages titles and their holders', async () => {
    const libelle = `Titre ${tag()}`;
    const created = await send('POST', '/administration/titres', {
      libelle,
      couleur: '#e2001a',
      importance: 5,
    });
    expect(created.json()).toMatchObject({
      libelle,
      couleur: '#E2001A',
      importance: 5,
      holders: 0,
    });
    const { id } = created.json() as { id: number };
    for (const payload of [
      { libelle, couleur: 'red', importance: 1 },
      { libelle: '', couleur: '#000000', importance: 1 },
      { libelle: 'x'.repeat(61), couleur: '#000000', importance: 1 },
      { libelle: 'ok', couleur: '#000000', importance: 1.5 },
    ]) {
      const bad = await send('POST', '/administration/titres', payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const member = await createUser(t.db);
    await send('POST', `/administration/membres/${member.id}/titres`, { title_id: id });
    const list = (await send('GET', '/administration/titres')).json() as {
      id: number;
      holders: number;
    }[];
    expect(list.find((x) => x.id === id)?.holders).toBe(1);
    expect((await send('DELETE', `/administration/titres/${id}`)).statusCode).toBe(200);
    expect(await t.db.userTitle.count({ where: { userId: member.id } })).toBe(0);
    expect(await lastAudit('title.delete', id)).toMatchObject({ data: { libelle, holders: 1 } });
  });
});
