import { describe, expect, it } from 'vitest';
import {
  changePassword,
  createMember,
  freshIp,
  linkToken,
  login,
  PASSWORD,
  signIn,
} from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/app.js';
import { uniqueEmail } from '../../../test/helpers/factories.js';

/**
 * Links mailed before the password or the address changed stop working: whoever asked for
 * them may be the thief the change was meant to shut out.
 */
const t = useTestApp();
const INVALID = { status: 404, message: 'Lien invalide ou expiré.' };

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, extra: object = {}) =>
  t.app.inject({ method, url: `/api/${url}`, remoteAddress: freshIp(), ...extra });
const bearerOf = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** Signs in and asks for the address to move to `next`, as someone with the password can. */
async function askEmailChange(email: string, next: string) {
  const { token } = await signIn(t, email);
  const res = await inject('PATCH', 'users/me/email', {
    ...bearerOf(token),
    payload: { email: next, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return linkToken(t.db, next, 'email-confirmed');
}

async function askDeletion(email: string) {
  const { token } = await signIn(t, email);
  expect((await inject('PATCH', 'users/me/request-delete', bearerOf(token))).statusCode).toBe(200);
  return linkToken(t.db, email, 'deletion-confirmed');
}

async function resetPassword(email: string, newPassword: string) {
  await inject('POST', 'users/request-password-reset', {
    payload: { email, birthDate: '12/05/1990' },
  });
  const token = await linkToken(t.db, email, 'new-password');
  const res = await inject('POST', 'users/reset-password', { payload: { token, newPassword } });
  expect(res.statusCode).toBe(200);
}

const confirmEmail = (token: string) => inject('GET', `users/confirm-email/${token}`);
const expectInvalid = (res: { statusCode: number; json: () => { message: string } }) =>
  expect({ status: res.statusCode, message: res.json().message }).toEqual(INVALID);
const checkToken = async (token: string, type: 'reset' | 'delete') =>
  (await inject('GET', `users/check-token?token=${token}&type=${type}`)).json();

describe('links mailed before a password change', () => {
  it('a password reset retires a pending e-mail change and deletion link', async () => {
    const user = await createMember(t.db);
    const attacker = uniqueEmail('voleur');
    const change = await askEmailChange(user.email, attacker);
    const deletion = await askDeletion(user.email);

    await resetPassword(user.email, 'Nouveau2026?');

    expectInvalid(await confirmEmail(change));
    expect(await checkToken(deletion, 'delete')).toEqual({ valid: false });
    expectInvalid(await inject('GET', `users/confirm-delete/${deletion}`));
    expect((await login(t, user.email, 'Nouveau2026?')).statusCode).toBe(200);
    expect((await login(t, attacker, 'Nouveau2026?')).statusCode).toBe(401);
  });

  it('a password change in the settings retires a pending e-mail change and reset link', async () => {
    const user = await createMember(t.db);
    const attacker = uniqueEmail('voleur');
    const change = await askEmailChange(user.email, attacker);
    await inject('POST', 'users/request-password-reset', {
      payload: { email: user.email, birthDate: '12/05/1990' },
    });
    const reset = await linkToken(t.db, user.email, 'new-password');

    const { token } = await signIn(t, user.email);
    expect((await changePassword(t, token, 'Nouveau1922!')).statusCode).toBe(200);

    expectInvalid(await confirmEmail(change));
    expect(await checkToken(reset, 'reset')).toEqual({ valid: false });
    const late = await inject('POST', 'users/reset-password', {
      payload: { token: reset, newPassword: 'Pirate2026?' },
    });
    expectInvalid(late);
    expect((await login(t, user.email, 'Nouveau1922!')).statusCode).toBe(200);
    expect((await login(t, attacker, 'Nouveau1922!')).statusCode).toBe(401);
  });
});

describe('links mailed to the old address', () => {
  it('stop working once the new address is confirmed', async () => {
    const user = await createMember(t.db);
    await inject('POST', 'users/request-password-reset', {
      payload: { email: user.email, birthDate: '12/05/1990' },
    });
    const reset = await linkToken(t.db, user.email, 'new-password');
    const deletion = await askDeletion(user.email);
    const next = uniqueEmail('nouvelle');
    const change = await askEmailChange(user.email, next);

    expect((await confirmEmail(change)).json()).toEqual({ message: 'Adresse mail confirmée !' });

    expect(await checkToken(reset, 'reset')).toEqual({ valid: false });
    expect(await checkToken(deletion, 'delete')).toEqual({ valid: false });
    expect((await login(t, next)).statusCode).toBe(200);
  });
});
