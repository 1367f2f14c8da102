import type { AdminClubFeed, Match } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../test/helpers/admin.js';
import { createClub, createMatch, uniqueSeason } from '../../../test/helpers/factories.js';

describe('administration: partner offer and live-feed links', () => {
  const { t, admin } = useAdminApp();
  const partner = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/site/partner' })).json() as unknown;
  const setPartner = (payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/administration/partner',
      headers: admin.headers,
      payload,
    });

  it('stores the partner code and link, reads them publicly, and clears them', async () => {
    await setPartner({ code: null, url: null });
    expect(await partner()).toEqual({ code: null, url: null });
    const set = await setPartner({ code: ' ASM-10 ', url: 'https://boutique.example/asm' });
    expect(set.statusCode).toBe(200);
    expect(await partner()).toEqual({ code: 'ASM-10', url: 'https://boutique.example/asm' });
    expect(await t.db.siteSetting.findUnique({ where: { key: 'partner.code' } })).toMatchObject({
      value: 'ASM-10',
    });

    const cleared = await setPartner({ code: null, url: null });
    expect(cleared.json()).toEqual({ code: null, url: null });
    expect(await partner()).toEqual({ code: null, url: null });
    const audits = await t.db.auditLog.findMany({
      where: { action: 'site.partner', actorId: admin.id },
      orderBy: { id: 'asc' },
    });
    expect(audits.at(-2)?.data).toEqual({
      from: { code: null, url: null },
      to: { code: 'ASM-10', url: 'https://boutique.example/asm' },
    });
    expect(audits.at(-1)?.data).toMatchObject({ to: { code: null, url: null } });
  });

  it('lists the clubs in French order, not in the database’s byte order', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    // Bytes put 'AS' before 'Angers' and 'LOSC' before 'Le': a reader looks the other way.
    const named = ['Angers ' + tag, 'AS ' + tag, 'Le ' + tag, 'LOSC ' + tag];
    for (const name of [...named].reverse()) await createClub(t.db, { name });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/administration/clubs',
      headers: admin.headers,
    });
    const names = (res.json() as AdminClubFeed[]).map((c) => c.nom);
    expect(names.filter((n) => n.endsWith(tag))).toEqual(named);
  });

  it('refuses a bad code, a non-https link, or only one of the two', async () => {
    const cases: [object, string][] = [
      [
        { code: 'A', url: 'https://b.example' },
        'Code invalide : 2 à 30 lettres, chiffres ou tirets.',
      ],
      [
        { code: 'CODE 10', url: 'https://b.example' },
        'Code invalide : 2 à 30 lettres, chiffres ou tirets.',
      ],
      [
        { code: 'x'.repeat(31), url: 'https://b.example' },
        'Code invalide : 2 à 30 lettres, chiffres ou tirets.',
      ],
      [
        { code: 'ASM10', url: 'http://b.example' },
        'Lien invalide : une adresse https:// est attendue.',
      ],
      [
        { code: 'ASM10', url: 'javascript:alert(1)' },
        'Lien invalide : une adresse https:// est attendue.',
      ],
      [{ code: 'ASM10', url: null }, 'Renseigne le code et le lien, ou aucun des deux.'],
    ];
    for (const [payload, message] of cases) {
      const res = await setPartner(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[0].message).toBe(message);
    }
    expect(await partner()).toEqual({ code: null, url: null });
  });

  it('edits a club live feed (https only) and the match payload carries it with the ticket link', async () => {
    const home = await createClub(t.db);
    const away = await createClub(t.db);
    const url = `/api/administration/clubs/${home.id}/live-feed`;
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: { live_feed_url: 'http://x.com/club' },
    });
    expect(bad.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: { live_feed_url: 'https://x.com/club_live' },
    });
    expect(res.json()).toMatchObject({ id: home.id, live_feed_url: 'https://x.com/club_live' });
    const clubs = (
      await t.app.inject({
        method: 'GET',
        url: '/api/administration/clubs',
        headers: admin.headers,
      })
    ).json() as AdminClubFeed[];
    expect(clubs.find((c) => c.id === away.id)?.live_feed_url).toBeNull();
    expect(
      await t.db.auditLog.findFirst({
        where: { action: 'club.live-feed', targetId: String(home.id) },
      }),
    ).toMatchObject({ actorId: admin.id, data: { from: null, to: 'https://x.com/club_live' } });

    const match = await createMatch(t.db, {
      season: uniqueSeason(),
      matchday: 1,
      kickoffAt: new Date('2099-06-01T19:00:00Z'),
      homeClubId: home.id,
      awayClubId: away.id,
    });
    await t.db.match.update({
      where: { id: match.id },
      data: { ticketUrl: 'https://billetterie.example/j1' },
    });
    t.clock.set('2099-05-30T12:00:00Z');
    const next = (await t.app.inject({ method: 'GET', url: '/api/matchs/next' })).json() as Match[];
    const mine = next.find((m) => m.id === match.id);
    expect(mine).toMatchObject({
      ticket_url: 'https://billetterie.example/j1',
      club_dom: { id: home.id, live_feed_url: 'https://x.com/club_live' },
      club_ext: { id: away.id, live_feed_url: null },
    });
  });
});
