import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  freshIp,
  linkToken,
  login,
  outboxFor,
  PASSWORD,
} from '../../../test/helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { uniqueEmail } from '../../../test/helpers/factories.js';
import { EMAIL_TOKEN_TTL_MS } from '../email-tokens/email-tokens.service.js';

let t: TestApp;
let antennaIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  antennaIds = (await t.db.antenna.findMany({ take: 3, orderBy: { id: 'asc' } })).map((a) => a.id);
});
afterAll(() => t.close());

let n = 0;
const uniquePseudo = () => `Rb${Date.now().toString(36).slice(-6)}${n++}`.slice(0, 15);
const registration = (over: Record<string, unknown> = {}) => ({
  prenom: 'jean-pierre',
  nom: 'Dupont',
  username: uniquePseudo(),
  email: uniqueEmail('reg'),
  password: PASSWORD,
  date_naissance: '14/07/1990',
  departement: 'FR-06',
  antennes: antennaIds.slice(0, 2),
  notif_mail_appli: true,
  notif_mail_promo: false,
  ...over,
});
const register = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/users', payload: body, remoteAddress: freshIp() });
const SUCCESS =
  "Création réussie ! Si l'adresse e-mail est valide, un lien de confirmation vous a été envoyé.";

describe('POST /api/users (registration)', () => {
  it('creates a pending account and queues the confirmation mail with it', async () => {
    const body = registration({ email: uniqueEmail('Reg').toUpperCase() });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: SUCCESS });
    const user = await t.db.user.findUniqueOrThrow({
      where: { email: (body.email as string).toLowerCase() },
      include: { antennas: true },
    });
    expect(user).toMatchObject({
      firstName: 'Jean-Pierre',
      lastName: 'DUPONT',
      username: body.username,
      usernameKey: (body.username as string).toLowerCase(),
      department: 'FR-06',
      status: 'PENDING',
      appMailOptIn: true,
      promoMailOptIn: false,
    });
    expect(user.birthDate.toISOString().slice(0, 10)).toBe('1990-07-14');
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.antennas.map((a) => a.antennaId).sort()).toEqual(antennaIds.slice(0, 2).sort());
    const [mail] = await outboxFor(t.db, user.email);
    expect(mail!.kind).toBe('confirm-email');
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/email-confirmed\/[A-Za-z0-9_-]{43}/);
    expect(mail!.html).toContain('/email-confirmed/');
  });

  it('pending → INACTIVE_ACCOUNT, then the link activates it and login works', async () => {
    const body = registration();
    await register(body);
    expect((await login(t, body.email as string)).json().code).toBe('INACTIVE_ACCOUNT');
    const token = await linkToken(t.db, body.email as string, 'email-confirmed');
    const confirm = await t.app.inject({ method: 'GET', url: `/api/users/confirm-email/${token}` });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ message: 'Adresse mail confirmée !' });
    expect((await login(t, body.email as string)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: `/api/users/confirm-email/${token}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Lien invalide ou expiré.');
  });

  it('refuses an expired confirmation link', async () => {
    const body = registration();
    await register(body);
    const token = await linkToken(t.db, body.email as string, 'email-confirmed');
    t.clock.advance(EMAIL_TOKEN_TTL_MS.CONFIRM_EMAIL + 1000);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/confirm-email/${token}` });
    t.clock.reset();
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Lien invalide ou expiré.');
  });

  it('answers a taken e-mail exactly like a success and warns its owner instead', async () => {
    const owner = await createMember(t.db);
    const res = await register(registration({ email: owner.email }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: SUCCESS });
    expect(await t.db.user.count({ where: { email: owner.email } })).toBe(1);
    const mails = await outboxFor(t.db, owner.email);
    expect(mails.map((m) => m.kind)).toEqual(['address-already-used']);
    expect(mails[0]!.text).toContain('réinitialiser');
  });

  it('gives a still-pending address to its latest sign-up: the mailbox confirms that one', async () => {
    // Someone signs up first under another person's address, with their own password…
    const squat = registration({ date_naissance: '01/01/1980' });
    const email = squat.email as string;
    await register(squat);
    const squatLink = await linkToken(t.db, email, 'email-confirmed');
    // …then the address's owner signs up: their details replace the pending ones.
    const own = registration({ email, password: 'Proprio1922!', prenom: 'Ana' });
    expect((await register(own)).json()).toEqual({ message: SUCCESS });
    const ownLink = await linkToken(t.db, email, 'email-confirmed');
    expect(ownLink).not.toBe(squatLink);
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/users/confirm-email/${squatLink}`,
    });
    expect(first.statusCode).toBe(404);
    const confirm = await t.app.inject({
      method: 'GET',
      url: `/api/users/confirm-email/${ownLink}`,
    });
    expect(confirm.statusCode).toBe(200);
    expect((await login(t, email, PASSWORD)).statusCode).toBe(401);
    expect((await login(t, email, 'Proprio1922!')).statusCode).toBe(200);
    const user = await t.db.user.findUniqueOrThrow({ where: { email } });
    expect(user).toMatchObject({ username: own.username, firstName: 'Ana' });
    expect(user.birthDate.toISOString().slice(0, 10)).toBe('1990-07-14');
    expect(await t.db.user.count({ where: { username: squat.username as string } })).toBe(0);
  });

  it('refuses a taken pseudo whatever its case', async () => {
    const owner = await createMember(t.db);
    const body = registration({ username: owner.username.toUpperCase() });
    const res = await register(body);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Ce pseudo est déjà utilisé.');
    expect(await t.db.user.count({ where: { email: body.email as string } })).toBe(0);
  });

  it.each([
    [{ prenom: 'J3an' }, 'Prénom invalide (25 lettres maximum, accents et tiret autorisés).'],
    [{ nom: 'x'.repeat(26) }, 'Nom invalide (25 lettres maximum, accents et tiret autorisés).'],
    [{ username: 'abc' }, 'Le pseudo doit contenir au moins 4 caractères et une lettre.'],
    [{ username: '12345' }, 'Le pseudo doit contenir au moins 4 caractères et une lettre.'],
    [{ username: 'a'.repeat(16) }, 'Le pseudo ne doit pas dépasser 15 caractères.'],
    [{ email: 'pas-un-email' }, 'Adresse email invalide'],
    [
      { password: 'monaco1922!' },
      'Doit contenir : 8 caractères min, majuscule, minuscule, chiffre, et un caractère spécial : ! @ # $ % & ? .',
    ],
    [
      { password: 'Monaco1922!*' },
      'Caractères spéciaux interdits détectés. Seuls autorisés : ! @ # $ % & ? .',
    ],
    [{ date_naissance: '1990-07-14' }, 'Date invalide'],
    [{ date_naissance: '31/02/1990' }, 'Date invalide'],
    [{ departement: '20' }, 'Département invalide.'],
    [{ antennes: [1, 2, 3] }, 'Tu peux choisir au maximum 2 antennes.'],
  ])('rejects %o with its French message and stores nothing', async (over, message) => {
    const body = registration(over);
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(
      await t.db.user.count({ where: { usernameKey: String(body.username).toLowerCase() } }),
    ).toBe(0);
  });

  it('requires 7 years of age on the clock’s date and existing antennas', async () => {
    t.clock.set('2026-07-14T10:00:00Z');
    const young = registration({ date_naissance: '15/07/2019' });
    const res = await register(young);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Tu dois avoir au moins 7 ans.');
    expect((await register(registration({ date_naissance: '14/07/2019' }))).statusCode).toBe(201);
    t.clock.reset();
    const ghost = registration({ antennes: [999_999] });
    const bad = await register(ghost);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Antenne inconnue.');
    expect(await t.db.user.count({ where: { email: ghost.email as string } })).toBe(0);
  });
});

describe('GET /api/users/check-username', () => {
  it('tells whether a pseudo is taken, case-insensitively, and reserves deleted names', async () => {
    const owner = await createMember(t.db);
    const check = async (username: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/users/check-username?username=${encodeURIComponent(username)}`,
        })
      ).json();
    expect(await check(owner.username.toUpperCase())).toEqual({ taken: true });
    expect(await check(uniquePseudo())).toEqual({ taken: false });
    expect(await check('Supprime_12')).toEqual({ taken: true });
  });
});

describe('POST /api/auth/resend-confirmation', () => {
  const resend = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-confirmation',
      payload: { email },
      remoteAddress: freshIp(),
    });

  it('sends a fresh link to a pending account only, with one answer for all', async () => {
    const body = registration();
    await register(body);
    const first = await linkToken(t.db, body.email as string, 'email-confirmed');
    const active = await createMember(t.db);
    const answers = await Promise.all([
      resend(body.email as string),
      resend(active.email),
      resend(uniqueEmail('ghost')),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message:
          "Mail de confirmation renvoyé ! Plusieurs minutes d'attente peuvent être nécessaires.",
      });
    }
    expect(await outboxFor(t.db, active.email)).toHaveLength(0);
    const second = await linkToken(t.db, body.email as string, 'email-confirmed');
    expect(second).not.toBe(first);
    const old = await t.app.inject({ method: 'GET', url: `/api/users/confirm-email/${first}` });
    expect(old.statusCode).toBe(404);
    const ok = await t.app.inject({ method: 'GET', url: `/api/users/confirm-email/${second}` });
    expect(ok.statusCode).toBe(200);
  });

  it('is rate limited per address', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/resend-confirmation',
        payload: { email: uniqueEmail('rl') },
        remoteAddress: ip,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
