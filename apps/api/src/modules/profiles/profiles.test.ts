import type { OwnProfile, PersonalData, Role, UserProfile, UserSearchResult } from '@munegu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { createUser } from '../../../test/helpers/factories.js';

const suffix = () => Math.random().toString(36).slice(2, 8);

type Member = { id: number; role: Role };

describe('profiles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const auth = (user: Member) => bearer(t.app, user, t.clock);
  const get = async (url: string, user?: Member) =>
    t.app.inject({ method: 'GET', url, headers: user ? await auth(user) : {} });
  const patch = async (user: Member, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: await auth(user), payload });

  async function titled(userId: number) {
    const s = suffix();
    const low = await t.db.title.create({
      data: { label: `Fidèle ${s}`, color: '#00AA00', importance: 1 },
    });
    const high = await t.db.title.create({
      data: { label: `Capo ${s}`, color: '#E2001A', importance: 9 },
    });
    await t.db.userTitle.createMany({
      data: [
        { userId, titleId: low.id },
        { userId, titleId: high.id },
      ],
    });
    return { low, high };
  }

  it.each([
    '/api/users/me',
    '/api/users/me-personal',
    '/api/users/departement',
    '/api/users/search?q=ab',
  ])('%s answers 401 without a token', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Tu dois être connecté(e).');
  });

  it('GET /users/me returns the full own profile with identity and titles by importance', async () => {
    const user = await createUser(t.db, { department: 'FR-2A' });
    await t.db.user.update({
      where: { id: user.id },
      data: { position: 'Capo', carpoolRating: '4.50', predictionPoints: 12, predictionRank: 3 },
    });
    const { high, low } = await titled(user.id);
    const ranked = await t.db.user.count({ where: { predictionRank: { not: null } } });

    const res = await get('/api/users/me', user);
    expect(res.statusCode).toBe(200);
    const me = res.json() as OwnProfile;
    expect(me).toMatchObject({
      id: user.id,
      username: user.username,
      email: user.email,
      prenom: 'Test',
      nom: 'MEMBRE',
      departement: '2A',
      poste: 'Capo',
      note_covoiturage: 4.5,
      pts_prono: 12,
      classement_prono: 3,
      totalUsers: ranked,
      profile_picture: null,
      role: { libelle: 'UTILISATEUR' },
      created_at: user.createdAt.toISOString(),
    });
    expect(me.titres).toEqual([
      { libelle: high.label, couleur: '#E2001A', importance: 9 },
      { libelle: low.label, couleur: '#00AA00', importance: 1 },
    ]);
  });

  it('GET /users/me-personal returns only the caller’s personal data', async () => {
    const user = await createUser(t.db, { department: 'FR-06', promoMailOptIn: true });
    const other = await createUser(t.db);
    const res = await get('/api/users/me-personal', user);
    expect(res.statusCode).toBe(200);
    expect(res.json() as PersonalData).toEqual({
      username: user.username,
      nom: 'MEMBRE',
      prenom: 'Test',
      date_naissance: '1990-05-12',
      email: user.email,
      departement: 'FR-06',
      departement_nom: 'Alpes-Maritimes',
      notif_mail_appli: true,
      notif_mail_promo: true,
    });
    // No parameter selects someone else: query strings are ignored, the token decides.
    const attempt = await get(
      `/api/users/me-personal?id=${other.id}&username=${other.username}`,
      user,
    );
    expect(attempt.json().email).toBe(user.email);
    expect(JSON.stringify(attempt.json())).not.toContain(other.email);
  });

  it('GET /users/departement returns the code without FR-', async () => {
    const user = await createUser(t.db, { department: 'FR-974' });
    const res = await get('/api/users/departement', user);
    expect(res.json()).toEqual({ departement: '974' });
  });

  it('GET /users/by-username is public, case-insensitive and leaks no personal data', async () => {
    const user = await createUser(t.db);
    await titled(user.id);
    const res = await get(`/api/users/by-username/${user.username.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const profile = res.json() as UserProfile;
    expect(profile.id).toBe(user.id);
    expect(profile.titres.map((x) => x.importance)).toEqual([9, 1]);
    for (const key of ['email', 'prenom', 'nom', 'date_naissance', 'birthDate', 'passwordHash'])
      expect(profile).not.toHaveProperty(key);
    expect(res.body).not.toContain(user.email);
    expect(res.body).not.toContain('1990-05-12');
  });

  it('answers 404 for unknown, deleted, anonymised or unconfirmed members', async () => {
    const deleted = await createUser(t.db, { status: 'DELETED', username: `Supprime_${suffix()}` });
    const renamed = await createUser(t.db, { username: `supprime${suffix()}` });
    const pending = await createUser(t.db, { status: 'PENDING' });
    for (const username of [
      deleted.username,
      renamed.username,
      pending.username,
      `nobody_${suffix()}`,
    ]) {
      const res = await get(`/api/users/by-username/${username}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Utilisateur introuvable');
    }
  });

  describe('PATCH /users/me', () => {
    it('saves description, handles and antennas, and returns the updated profile', async () => {
      const user = await createUser(t.db);
      const antennas = await t.db.antenna.findMany({ take: 2, orderBy: { id: 'desc' } });
      const res = await patch(user, {
        description: '  Abonné depuis 1998 & fier ! ',
        x_username: 'asm_fan.98',
        insta_username: 'rouge-blanc',
        antennes: antennas.map((a) => a.id),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { message: string; user: OwnProfile };
      expect(body.message).toBe('Modifications enregistrées !');
      expect(body.user).toMatchObject({
        description: 'Abonné depuis 1998 & fier !',
        x_username: 'asm_fan.98',
        insta_username: 'rouge-blanc',
      });
      expect(body.user.antennes.map((a) => a.id)).toEqual(antennas.map((a) => a.id));
      expect(body.user.antennes[0]).toMatchObject({ nom: antennas[0]!.name });

      // Empty strings clear, absent fields stay, [] leaves every antenna.
      const cleared = await patch(user, { x_username: '', antennes: [] });
      expect((cleared.json() as { user: OwnProfile }).user).toMatchObject({
        x_username: null,
        insta_username: 'rouge-blanc',
        description: 'Abonné depuis 1998 & fier !',
        antennes: [],
      });
    });

    it.each([
      [
        { description: 'Hello <script>alert(1)</script>' },
        'Votre description contient des caractères interdits.',
      ],
      [
        { description: '<img src=x onerror=alert(1)>' },
        'Votre description contient des caractères interdits.',
      ],
      [{ description: 'x'.repeat(501) }, 'La description ne doit pas dépasser 500 caractères.'],
      [{ x_username: 'a' }, "Le pseudo X n'est pas valide."],
      [{ x_username: 'pas valide!' }, "Le pseudo X n'est pas valide."],
      [{ insta_username: 'y'.repeat(31) }, "Le pseudo Instagram n'est pas valide."],
      [{ antennes: [1, 2, 3] }, 'Tu peux choisir au maximum 2 antennes.'],
      [{ antennes: [999999] }, 'Antenne inconnue.'],
    ])('refuses %o with its French message and stores nothing', async (body, message) => {
      const user = await createUser(t.db);
      const res = await patch(user, { insta_username: 'kept_ok', ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      const row = await t.db.user.findUniqueOrThrow({
        where: { id: user.id },
        include: { antennas: true },
      });
      expect(row).toMatchObject({ description: null, xUsername: null, instaUsername: null });
      expect(row.antennas).toEqual([]);
    });

    it('answers 401 without a token', async () => {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/users/me', payload: {} });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('GET /users/search', () => {
    it('needs 2 characters', async () => {
      const user = await createUser(t.db);
      const res = await get('/api/users/search?q=%20a%20', user);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('La recherche doit contenir au moins 2 caractères.');
    });

    it('matches pseudos case-insensitively, prefix first, active members only, never the caller', async () => {
      const tag = suffix();
      const caller = await createUser(t.db, { username: `Zq${tag}me` });
      const prefix = await createUser(t.db, { username: `Zq${tag}B` });
      const inside = await createUser(t.db, { username: `a_Zq${tag}` });
      await createUser(t.db, { username: `Zq${tag}P`, status: 'PENDING' });
      await createUser(t.db, { username: `Zq${tag}S`, status: 'SUSPENDED' });
      await createUser(t.db, { username: `Zq${tag}D`, status: 'DELETED' });
      const res = await get(`/api/users/search?q=zQ${tag}`, caller);
      expect(res.statusCode).toBe(200);
      expect(res.json() as UserSearchResult[]).toEqual([
        { id: prefix.id, username: prefix.username, profile_picture: null },
        { id: inside.id, username: inside.username, profile_picture: null },
      ]);
    });

    it('treats _ and % literally', async () => {
      const tag = suffix();
      const caller = await createUser(t.db);
      const underscore = await createUser(t.db, { username: `W${tag}_1` });
      await createUser(t.db, { username: `W${tag}z1` });
      const res = await get(`/api/users/search?q=${tag}_`, caller);
      expect((res.json() as UserSearchResult[]).map((r) => r.id)).toEqual([underscore.id]);
      const percent = await get(`/api/users/search?q=${encodeURIComponent(`${tag}%`)}`, caller);
      expect(percent.json()).toEqual([]);
    });

    it('returns at most 10 results', async () => {
      const tag = suffix();
      const caller = await createUser(t.db);
      for (let i = 0; i < 12; i++) await createUser(t.db, { username: `V${tag}${i}` });
      const res = await get(`/api/users/search?q=V${tag}`, caller);
      expect(res.json()).toHaveLength(10);
    });
  });
});
