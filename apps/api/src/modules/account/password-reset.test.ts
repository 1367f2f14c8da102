import { describe, expect, it } from 'vitest';
import {
  createMember,
  freshIp,
  linkToken,
  login,
  outboxFor,
  refresh,
  signIn,
} from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/app.js';
import { uniqueEmail } from '../../../test/helpers/factories.js';
import { EMAIL_TOKEN_TTL_MS } from '../email-tokens/email-tokens.service.js';

const t = useTestApp();

describe('password reset', () => {
  const request = (email: string, birthDate: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/request-password-reset',
      payload: { email, birthDate },
      remoteAddress: freshIp(),
    });
  const reset = (token: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, newPassword },
      remoteAddress: freshIp(),
    });
  const RESET_OK = { message: 'Si un compte existe, un mail a été envoyé.' };

  it('mails a link only when e-mail and birth date match an active account', async () => {
    const user = await createMember(t.db, { birthDate: new Date('1990-05-12T00:00:00Z') });
    const pending = await createMember(t.db, { status: 'PENDING' });
    for (const res of [
      await request(user.email, '13/05/1990'),
      await request(uniqueEmail('ghost'), '12/05/1990'),
      await request(pending.email, '12/05/1990'),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(RESET_OK);
    }
    expect(await outboxFor(t.db, user.email)).toHaveLength(0);
    expect(await outboxFor(t.db, pending.email)).toHaveLength(0);
    expect((await request(user.email.toUpperCase(), '12/05/1990')).json()).toEqual(RESET_OK);
    expect((await request(user.email, '1990-05-12')).json()).toEqual(RESET_OK);
    const mails = await outboxFor(t.db, user.email);
    expect(mails.map((m) => m.kind)).toEqual(['reset-password', 'reset-password']);
  });

  it('sets the new password once, ends every session and refuses the old password', async () => {
    const user = await createMember(t.db);
    const { cookie } = await signIn(t, user.email);
    await request(user.email, '12/05/1990');
    const token = await linkToken(t.db, user.email, 'new-password');

    const check = await t.app.inject({
      method: 'GET',
      url: `/api/users/check-token?token=${token}&type=reset`,
    });
    expect(check.json()).toEqual({ valid: true });
    const byPath = await t.app.inject({
      method: 'GET',
      url: `/api/users/check-reset-token/${token}`,
    });
    expect(byPath.json()).toEqual({ valid: true });

    const weak = await reset(token, 'court');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Le mot de passe doit contenir au moins 8 caractères.');

    const res = await reset(token, 'Nouveau2026?');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Mot de passe modifié avec succès !' });
    expect((await refresh(t, cookie)).statusCode).toBe(401);
    expect((await login(t, user.email)).statusCode).toBe(401);
    expect((await login(t, user.email, 'Nouveau2026?')).statusCode).toBe(200);

    const twice = await reset(token, 'Encore2026?');
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe('Lien invalide ou expiré.');
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/users/check-reset-token/${token}`,
    });
    expect(after.json()).toEqual({ valid: false });
  });

  it('refuses an expired link', async () => {
    const user = await createMember(t.db);
    await request(user.email, '12/05/1990');
    const token = await linkToken(t.db, user.email, 'new-password');
    t.clock.advance(EMAIL_TOKEN_TTL_MS.RESET_PASSWORD + 1000);
    const res = await reset(token, 'Nouveau2026?');
    t.clock.reset();
    expect(res.statusCode).toBe(404);
    expect((await login(t, user.email)).statusCode).toBe(200);
  });
});
