import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('global rate limit', () => {
  it('never limits the web app’s static files, however many a page load fetches', async () => {
    for (let i = 0; i < 650; i++) {
      const res = await t.app.inject({
        url: `/uploads/avatar/absent-${i}.webp`,
        remoteAddress: '10.1.1.1',
      });
      expect(res.statusCode).not.toBe(429);
    }
  });

  it('limits the API per address with the French message and ttl', async () => {
    let limited: { statusCode: number; json(): unknown } | null = null;
    for (let i = 0; i < 620 && !limited; i++) {
      const res = await t.app.inject({ url: '/api/transport', remoteAddress: '10.2.2.2' });
      if (res.statusCode === 429) limited = res;
    }
    expect(limited?.statusCode).toBe(429);
    expect(limited?.json()).toMatchObject({ code: 'RATE_LIMITED', ttl: expect.any(Number) });
    // Another address is not affected.
    const other = await t.app.inject({ url: '/api/transport', remoteAddress: '10.3.3.3' });
    expect(other.statusCode).toBe(200);
  });
});
