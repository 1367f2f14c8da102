import { describe, expect, inject, it } from 'vitest';
import { createTestApp, testDatabase, type TestApp, useTestApp } from './helpers/app.js';

const t = useTestApp();

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

describe('budgets set by the operator', () => {
  it('applies RATE_LIMIT_PER_MINUTE and RATE_LIMIT_<BUDGET> from the environment', async () => {
    const tuned = await createTestApp({
      env: { RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_REGISTRATION: '2/1h' },
    });
    try {
      const reads = [];
      for (let i = 0; i < 6; i++) {
        reads.push(
          (await tuned.app.inject({ url: '/api/transport', remoteAddress: '10.4.4.4' })).statusCode,
        );
      }
      expect(reads).toEqual([200, 200, 200, 200, 200, 429]);

      // An empty body is refused (400) but still counts: the budget is per request.
      const registrations = [];
      for (let i = 0; i < 3; i++) {
        const res = await tuned.app.inject({
          method: 'POST',
          url: '/api/users',
          payload: {},
          remoteAddress: '10.5.5.5',
        });
        registrations.push(res.statusCode);
        if (res.statusCode === 429) {
          // About an hour: the window the operator set, in seconds, as the spec's ttl.
          expect((res.json() as { ttl: number }).ttl).toBeGreaterThan(3500);
        }
      }
      expect(registrations).toEqual([400, 400, 429]);
    } finally {
      await tuned.close();
    }
  });

  it('keeps the default budgets when nothing is set', () => {
    expect(t.config.rateLimitPerMinute).toBe(600);
    expect(t.config.rateBudgets.registration).toEqual({ max: 10, timeWindow: 3_600_000 });
    expect(t.config.rateBudgets.contact).toEqual({ max: 5, timeWindow: 600_000 });
  });
});

const embedded = inject('dbMode') === 'embedded';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.skipIf(embedded).each(['postgres', 'redis'] as const)(
  'counters shared by two instances (%s)',
  (store) => {
    it('counts one budget across both instances, with the ttl of the shared window', async () => {
      const env = { RATE_LIMIT_CONTACT: '3/10m', REDIS_URL: redisUrl };
      const first = await createTestApp({ env, rateLimitStore: store });
      const second = await createTestApp({ env, rateLimitStore: store, database: first.database });
      // A fresh address per run: Redis keys outlive the test database.
      const address = `10.6.${process.pid % 250}.${Math.floor(Math.random() * 250)}`;
      const post = (app: TestApp) =>
        app.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: {},
          remoteAddress: address,
        });
      try {
        const statuses = [
          (await post(first)).statusCode,
          (await post(second)).statusCode,
          (await post(first)).statusCode,
        ];
        expect(statuses).toEqual([400, 400, 400]);
        const limited = await post(second);
        expect(limited.statusCode).toBe(429);
        expect((limited.json() as { ttl: number }).ttl).toBeGreaterThan(500);
        expect((limited.json() as { ttl: number }).ttl).toBeLessThanOrEqual(600);
        // The global budget is shared too, and separate from the contact one.
        const read = await second.app.inject({ url: '/api/transport', remoteAddress: address });
        expect(read.statusCode).toBe(200);
      } finally {
        await second.close();
        await first.close();
      }
    });

    it('lets exactly the budget through when a burst hits both instances at once', async () => {
      const env = { RATE_LIMIT_PER_MINUTE: '10', REDIS_URL: redisUrl };
      const first = await createTestApp({ env, rateLimitStore: store });
      const second = await createTestApp({ env, rateLimitStore: store, database: first.database });
      const address = `10.7.${process.pid % 250}.${Math.floor(Math.random() * 250)}`;
      try {
        // 16 requests in flight together, 8 on each instance: the counts of a burst are added
        // up in one statement per key on PostgreSQL, and must still be exact.
        const statuses = await Promise.all(
          Array.from({ length: 16 }, (_, i) =>
            (i % 2 ? first : second).app
              .inject({ url: '/api/transport', remoteAddress: address })
              .then((res) => res.statusCode),
          ),
        );
        expect(statuses.filter((s) => s === 200)).toHaveLength(10);
        expect(statuses.filter((s) => s === 429)).toHaveLength(6);
      } finally {
        await second.close();
        await first.close();
      }
    });
  },
);

describe.skipIf(embedded)('a Redis that does not answer', () => {
  it('stops the start naming REDIS_URL, for the counters and the socket adapter alike', async () => {
    // Nothing listens on port 1: every connection attempt is refused.
    const env = { REDIS_URL: 'redis://127.0.0.1:1', REDIS_CONNECT_TIMEOUT_MS: '500' };
    const database = await testDatabase();
    try {
      for (const shared of [{ rateLimitStore: 'redis' }, { realtimeAdapter: 'redis' }] as const) {
        const started = Date.now();
        await expect(createTestApp({ env, database, ...shared })).rejects.toThrow(
          /^Configuration invalide : REDIS_URL : .*127\.0\.0\.1:1/,
        );
        expect(Date.now() - started).toBeLessThan(10_000);
      }
    } finally {
      await database.drop();
    }
  });
});
