import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createMember, freshIp, login, PASSWORD, signIn } from '../helpers/accounts.js';

/**
 * Every check of a secret (login, current password, e-mailed token) goes through one throttle
 * stored in PostgreSQL, reserved before the secret is verified: 5 guesses per account, 20 per
 * address, whatever the number of addresses, requests in flight or instances.
 */
let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  second = await createTestApp({ database: t.database });
});
afterAll(async () => {
  await second.app.close();
  await t.close();
});

async function patchWrong(url: string, token: string, body: Record<string, string>) {
  return t.app.inject({
    method: 'PATCH',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
    // Every guess from its own address: only the per-account count can stop them.
    remoteAddress: freshIp(),
  });
}

describe.each([
  ['/api/users/me/password', (pwd: string) => ({ oldPassword: pwd, newPassword: 'Nouveau1922!' })],
  [
    '/api/users/me/email',
    (pwd: string) => ({ email: `new.${Date.now()}@example.com`, password: pwd }),
  ],
])('PATCH %s', (url, body) => {
  it('refuses with 429 and a ttl after 5 wrong current passwords, the right one included', async () => {
    const member = await createMember(t.db);
    const { token } = await signIn(t, member.email);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push((await patchWrong(url, token, body(`Wrong${i}pass!`))).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const right = await patchWrong(url, token, body(PASSWORD));
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'RATE_LIMITED', ttl: expect.any(Number) });
    // The same lock holds for a login to that account.
    expect((await login(t, member.email)).statusCode).toBe(429);
  });
});

describe('logins in parallel', () => {
  it('checks at most 5 passwords of one account, 40 guesses from 40 addresses on 2 instances', async () => {
    const member = await createMember(t.db);
    const guesses = Array.from({ length: 40 }, (_, i) =>
      login(i % 2 ? second : t, member.email, `Wrong${i}pass!`, freshIp()),
    );
    const statuses = (await Promise.all(guesses)).map((r) => r.statusCode);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - checked);
  });

  it('lets the member in after the lock, and a success clears the account’s count', async () => {
    const member = await createMember(t.db);
    for (let i = 0; i < 5; i++) await login(t, member.email, 'Wrong1pass!');
    expect((await login(t, member.email)).statusCode).toBe(429);
    t.clock.advance(61_000);
    try {
      expect((await login(t, member.email)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) await login(t, member.email, 'Wrong1pass!');
      expect((await login(t, member.email)).statusCode).toBe(200);
    } finally {
      t.clock.reset();
    }
  });
});

describe('e-mailed token guesses', () => {
  it('count against the address like failed logins', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await t.app.inject({
        url: `/api/users/check-reset-token/guess${i}`,
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });
});
