import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changePassword,
  createMember,
  refresh,
  sessionCookie,
  signIn,
} from '../helpers/accounts.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { createUser } from '../helpers/factories.js';

/**
 * What a stolen refresh cookie is worth. Rotation and replay are in auth.test.ts, socket cuts
 * in sockets.test.ts; here: whoever presents a cookie twice (a replay after rotation, or two
 * refreshes racing with one cookie) ends the whole login for everyone holding any of its
 * cookies or access tokens, and logout, a ban and a password change end access tokens as well
 * as cookies, at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
});
afterAll(() => t?.close());

/** An authenticated read: 200 while the login lives, 401 once it is ended. */
const me = (token: string) =>
  t.app
    .inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } })
    .then((r) => r.statusCode);

describe('stolen refresh cookies', () => {
  it('two parallel refreshes with one cookie: one wins, then the loser ends the login for both', async () => {
    // Victim and thief hold the same cookie and refresh at the same moment. Nothing tells which
    // is the thief, so the app lets the database pick one winner (200) and, on the loser's
    // side (401), revokes the whole family: the winner's fresh cookie and access token die too.
    const member = await createMember(t.db);
    const { token, cookie } = await signIn(t, member.email);
    for (let round = 0; round < 3; round++) {
      const start = round === 0 ? cookie : (await signIn(t, member.email)).cookie;
      const results = await Promise.all([refresh(t, start), refresh(t, start)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      const winner = results.find((r) => r.statusCode === 200)!;
      const loser = results.find((r) => r.statusCode === 401)!;
      expect(String(loser.headers['set-cookie'])).toMatch(/session_id=;/);
      const won = { cookie: sessionCookie(winner)!, token: winner.json().access_token as string };
      expect((await refresh(t, won.cookie)).statusCode).toBe(401);
      expect(await me(won.token)).toBe(401);
    }
    expect(await me(token)).toBe(401);
    const sessions = await t.db.session.findMany({ where: { userId: member.id } });
    expect(sessions.length).toBeGreaterThanOrEqual(6);
    expect(sessions.every((s) => s.revokedAt !== null && s.revokedReason === 'reuse')).toBe(true);
  });

  it('a replay after rotation ends the current access token at once, not in 15 minutes', async () => {
    const member = await createMember(t.db);
    const stolen = await signIn(t, member.email);
    const rotated = await refresh(t, stolen.cookie);
    const current = rotated.json().access_token as string;
    expect(await me(current)).toBe(200);
    expect((await refresh(t, stolen.cookie)).statusCode).toBe(401);
    expect(await me(current)).toBe(401);
    expect(await me(stolen.token)).toBe(401);
    expect((await refresh(t, sessionCookie(rotated)!)).statusCode).toBe(401);
  });

  it('another login of the member is not touched by a reuse', async () => {
    const member = await createMember(t.db);
    const phone = await signIn(t, member.email);
    const laptop = await signIn(t, member.email);
    await refresh(t, phone.cookie);
    await refresh(t, phone.cookie);
    expect(await me(phone.token)).toBe(401);
    expect(await me(laptop.token)).toBe(200);
    expect((await refresh(t, laptop.cookie)).statusCode).toBe(200);
  });
});

describe('ending sessions', () => {
  it('logout ends that login’s access token and cookie, and only that login', async () => {
    const member = await createMember(t.db);
    const ended = await signIn(t, member.email);
    const kept = await signIn(t, member.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `session_id=${ended.cookie}` },
    });
    expect(res.statusCode).toBe(204);
    expect(await me(ended.token)).toBe(401);
    expect((await refresh(t, ended.cookie)).statusCode).toBe(401);
    expect(await me(kept.token)).toBe(200);
  });

  it('a ban ends every login of the member: access tokens and cookies', async () => {
    const member = await createMember(t.db);
    const logins = [await signIn(t, member.email), await signIn(t, member.email)];
    const moderator = await createUser(t.db, { role: 'MODERATEUR' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/users/${member.id}/ban`,
      headers: await bearer(t.app, { id: moderator.id, role: 'MODERATEUR' }, t.clock),
      payload: { reason: 'Propos insultants répétés envers un membre.' },
    });
    expect(res.statusCode).toBe(200);
    for (const login of logins) {
      expect(await me(login.token)).toBe(401);
      expect((await refresh(t, login.cookie)).statusCode).toBe(401);
    }
    const live = await t.db.session.count({ where: { userId: member.id, revokedAt: null } });
    expect(live).toBe(0);
  });

  it('a password change ends the other logins, keeps the caller’s', async () => {
    const member = await createMember(t.db);
    const mine = await signIn(t, member.email);
    const other = await signIn(t, member.email);
    const res = await changePassword(t, mine.token);
    expect(res.statusCode).toBe(200);
    expect(await me(other.token)).toBe(401);
    expect((await refresh(t, other.cookie)).statusCode).toBe(401);
    expect(await me(mine.token)).toBe(200);
    expect((await refresh(t, mine.cookie)).statusCode).toBe(200);
  });
});
