import { describe, expect, it } from 'vitest';
import {
  createMember,
  deleteAccount,
  freshIp,
  linkToken,
  login,
  outboxFor,
  PASSWORD,
  refresh,
  signIn,
} from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { uniqueEmail } from '../../../test/helpers/factories.js';

const t = useTestApp();

const patch = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/users/me/${url}`,
    headers,
    payload,
    remoteAddress: freshIp(),
  });

describe('settings routes need a signed-in member', () => {
  it.each([
    ['PATCH', 'parametres'],
    ['PATCH', 'email'],
    ['PATCH', 'notifications'],
    ['PATCH', 'password'],
    ['PATCH', 'request-delete'],
    ['GET', 'export'],
  ] as const)('%s /users/me/%s → 401', async (method, path) => {
    const res = await t.app.inject({
      method,
      url: `/api/users/me/${path}`,
      payload: method === 'GET' ? undefined : {},
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Tu dois être connecté(e).');
  });
});

describe('PATCH /api/users/me/parametres', () => {
  it('changes the pseudo, and refuses a taken one or a bad one', async () => {
    const user = await createMember(t.db);
    const other = await createMember(t.db);
    const auth = await bearer(t.app, user, t.clock);
    const pseudo = `Neo_${Date.now().toString(36).slice(-8)}`;
    const ok = await patch('parametres', auth, { username: pseudo });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Mise à jour réussie !', user: { username: pseudo } });
    expect(await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      username: pseudo,
      usernameKey: pseudo.toLowerCase(),
    });

    const taken = await patch('parametres', auth, { username: other.username.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Ce pseudo est déjà utilisé.');
    const bad = await patch('parametres', auth, { username: 'a-b' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'Le pseudo doit contenir au moins 4 caractères alphanumériques ou _',
    );
    // Registration's rules hold here too: a letter, and not a deleted account's mark.
    for (const [username, message] of [
      ['1234', 'Le pseudo doit contenir au moins 4 caractères et une lettre.'],
      ['Neo_supprime', 'Ce pseudo est réservé aux comptes supprimés : choisis-en un autre.'],
    ]) {
      const refused = await patch('parametres', auth, { username });
      expect([refused.statusCode, refused.json().message]).toEqual([400, message]);
    }
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).username).toBe(pseudo);
  });

  it('changes the department (stored with FR-) and refuses e-mail changes there', async () => {
    const user = await createMember(t.db);
    const auth = await bearer(t.app, user, t.clock);
    const ok = await patch('parametres', auth, { departement: '2A' });
    expect(ok.json()).toEqual({ message: 'Mise à jour réussie !', user: { departement: '2A' } });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).department).toBe(
      'FR-2A',
    );
    const bad = await patch('parametres', auth, { departement: '20' });
    expect(bad.json().message).toBe('Département invalide.');
    const email = await patch('parametres', auth, { email: uniqueEmail() });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toMatch(/mot de passe/);
    const after = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.email).toBe(user.email);
  });
});

describe('PATCH /api/users/me/email', () => {
  it('mails a link to the new address, a notice to the old one, and signs out', async () => {
    const user = await createMember(t.db);
    const { token, cookie } = await signIn(t, user.email);
    const auth = { authorization: `Bearer ${token}` };
    const next = uniqueEmail('next');

    const wrong = await patch('email', auth, { email: next, password: 'Mauvais1!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Mot de passe incorrect.');
    const short = await patch('email', auth, { email: next, password: '12345' });
    expect(short.json().message).toBe('Veuillez saisir votre mot de passe pour confirmer');
    const invalid = await patch('email', auth, { email: 'nope', password: PASSWORD });
    expect(invalid.json().message).toBe('Adresse email invalide');
    expect(await outboxFor(t.db, next)).toHaveLength(0);

    const res = await patch('email', auth, { email: next, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Un email de confirmation vous a été envoyé.' });
    expect((await refresh(t, cookie)).statusCode).toBe(401);
    expect((await outboxFor(t.db, user.email)).map((m) => m.kind)).toEqual(['email-change-notice']);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);

    const link = await linkToken(t.db, next, 'email-confirmed');
    const confirm = await t.app.inject({ method: 'GET', url: `/api/users/confirm-email/${link}` });
    expect(confirm.json()).toEqual({ message: 'Adresse mail confirmée !' });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(next);
    expect((await login(t, next)).statusCode).toBe(200);
    expect((await login(t, user.email)).statusCode).toBe(401);
  });

  it('keeps what was sent signed out from the old address with the account: exported, then erased', async () => {
    const user = await createMember(t.db);
    const question = 'Une question avant le déplacement à Lens.';
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      payload: {
        prenom: 'Léa',
        nom: 'Martin',
        email: user.email,
        objet: 'Renseignement',
        message: question,
      },
    });
    expect(sent.statusCode).toBe(200);
    const next = uniqueEmail('next');
    const auth = await bearer(t.app, user, t.clock);
    expect((await patch('email', auth, { email: next, password: PASSWORD })).statusCode).toBe(200);
    const link = await linkToken(t.db, next, 'email-confirmed');
    expect((await t.app.inject({ url: `/api/users/confirm-email/${link}` })).statusCode).toBe(200);

    const exported = await t.app.inject({
      url: '/api/users/me/export',
      headers: await bearer(t.app, user, t.clock),
    });
    expect(exported.json().contacts.map((c: { message: string }) => c.message)).toEqual([question]);
    await deleteAccount(t, { ...user, email: next });
    expect(await t.db.contactMessage.count({ where: { message: question } })).toBe(0);
  });

  it('does not reveal that the new address has an account', async () => {
    const user = await createMember(t.db);
    const owner = await createMember(t.db);
    const auth = await bearer(t.app, user, t.clock);
    const res = await patch('email', auth, { email: owner.email, password: PASSWORD });
    expect(res.json()).toEqual({ message: 'Un email de confirmation vous a été envoyé.' });
    expect((await outboxFor(t.db, owner.email)).map((m) => m.kind)).toEqual([
      'address-claimed-by-change',
    ]);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });
});

describe('PATCH /api/users/me/notifications', () => {
  it('stores both switches', async () => {
    const user = await createMember(t.db, { appMailOptIn: true, promoMailOptIn: false });
    const auth = await bearer(t.app, user, t.clock);
    const res = await patch('notifications', auth, {
      notif_mail_appli: false,
      notif_mail_promo: true,
    });
    expect(res.json()).toEqual({ message: 'Préférences de notifications mises à jour.' });
    expect(await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      appMailOptIn: false,
      promoMailOptIn: true,
    });
    const bad = await patch('notifications', auth, { notif_mail_appli: 'oui' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PATCH /api/users/me/password', () => {
  it('keeps the current session, ends the others, and needs the old password', async () => {
    const user = await createMember(t.db);
    const here = await signIn(t, user.email);
    const elsewhere = await signIn(t, user.email);
    const auth = { authorization: `Bearer ${here.token}` };

    const wrong = await patch('password', auth, {
      oldPassword: 'Mauvais1!',
      newPassword: 'Neuf2026!',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Mot de passe incorrect.');
    const weak = await patch('password', auth, { oldPassword: PASSWORD, newPassword: 'faible' });
    expect(weak.json().message).toBe(
      'Doit contenir : 8 caractères min, majuscule, minuscule, chiffre, et un caractère spécial : ! @ # $ % & ? .',
    );
    expect((await login(t, user.email)).statusCode).toBe(200);
    // The same password again changes nothing and ends no session.
    const same = await patch('password', auth, { oldPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      message: 'Ton nouveau mot de passe doit être différent de l’actuel.',
      errors: [{ path: 'newPassword' }],
    });
    expect((await refresh(t, elsewhere.cookie)).statusCode).toBe(200);

    const res = await patch('password', auth, { oldPassword: PASSWORD, newPassword: 'Neuf2026!' });
    expect(res.json()).toEqual({ message: 'Mot de passe mis à jour' });
    expect((await refresh(t, elsewhere.cookie)).statusCode).toBe(401);
    expect((await refresh(t, here.cookie)).statusCode).toBe(200);
    expect((await login(t, user.email, 'Neuf2026!')).statusCode).toBe(200);
  });
});
