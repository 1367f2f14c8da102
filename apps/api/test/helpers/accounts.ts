import { expect } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { hashPassword } from '../../src/lib/passwords.js';
import type { TestApp } from './app.js';
import { bearer } from './auth.js';
import { createUser, uniqueEmail, type UserOverrides } from './factories.js';

/** A password every account schema accepts. */
export const PASSWORD = 'Monaco1922!';

let ipCounter = 0;
/** A fresh client address, so per-IP rate limits of one test never hit another. */
/** A valid POST /api/users body (spec section 5): the pseudo and address each test names. */
export const registrationBody = (
  fields: { username: string; email: string } & Record<string, unknown>,
) => ({
  prenom: 'Élodie',
  nom: 'Martin',
  password: PASSWORD,
  date_naissance: '01/02/1995',
  departement: '06',
  antennes: [],
  notif_mail_appli: false,
  notif_mail_promo: false,
  ...fields,
});

export const freshIp = () => {
  ipCounter++;
  return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

let hashed: Promise<string> | null = null;
/** A member who can log in with PASSWORD (the hash is computed once per file). */
export async function createMember(db: Db, overrides: Partial<UserOverrides> = {}) {
  hashed ??= hashPassword(PASSWORD);
  return createUser(db, { email: uniqueEmail('member'), passwordHash: await hashed, ...overrides });
}

/** The session_id value set by a response, or null. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string | null {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  for (const c of list as string[]) {
    const m = /^session_id=([^;]*)/.exec(c);
    if (m) return m[1] || null;
  }
  return null;
}

export async function login(t: TestApp, email: string, password = PASSWORD, ip = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'user-agent': 'vitest' },
  });
}

/** Logs in and returns the access token and the session cookie. */
export async function signIn(t: TestApp, email: string, password = PASSWORD) {
  const res = await login(t, email, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { token: res.json().access_token as string, cookie: sessionCookie(res)! };
}

/** Changes the password of the member signed in with `token` (from PASSWORD). */
export const changePassword = (t: TestApp, token: string, newPassword = 'Nouveau1922!') =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/me/password',
    headers: { authorization: `Bearer ${token}` },
    payload: { oldPassword: PASSWORD, newPassword },
  });

export const refresh = (t: TestApp, cookie: string | null, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { ...(cookie ? { cookie: `session_id=${cookie}` } : {}), ...headers },
  });

/** Mails queued for an address (the outbox: tests run without workers unless they ask). */
export const outboxFor = (db: Db, to: string) =>
  db.mailOutbox.findMany({ where: { to: to.toLowerCase() }, orderBy: { createdAt: 'asc' } });

/** The token of the last link to `/{page}/` in the mails queued for `to`. */
export async function linkToken(db: Db, to: string, page: string): Promise<string> {
  const mails = await outboxFor(db, to);
  const re = new RegExp(`/${page}/([A-Za-z0-9_-]+)`);
  for (const mail of mails.reverse()) {
    const m = re.exec(mail.text);
    if (m) return m[1]!;
  }
  throw new Error(`no /${page}/ link mailed to ${to}`);
}

/** Deletes a member's account through their own flow: request, mailed link, confirmation. */
export async function deleteAccount(
  t: TestApp,
  user: Parameters<typeof bearer>[1] & { email: string },
) {
  const ask = await t.app.inject({
    method: 'PATCH',
    url: '/api/users/me/request-delete',
    headers: await bearer(t.app, user, t.clock),
    remoteAddress: freshIp(),
  });
  expect(ask.statusCode).toBe(200);
  const token = await linkToken(t.db, user.email, 'deletion-confirmed');
  expect((await t.app.inject({ url: `/api/users/confirm-delete/${token}` })).statusCode).toBe(200);
}
