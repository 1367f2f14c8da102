import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember, freshIp, PASSWORD } from '../../../test/helpers/accounts.js';
import { createTestApp, FAST_JOBS, type TestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { uniqueEmail } from '../../../test/helpers/factories.js';
import { waitFor } from '../../../test/helpers/smtp-sink.js';
import type { OutgoingMail } from '../../lib/mail/transport.js';

/**
 * The mails of an e-mail change go out within seconds, the link to the new address as fast as
 * the notice to the old one: written in the change's transaction, each is queued once that
 * transaction commits, never left for the sweeper (run hourly here, every minute in production).
 */
let t: TestApp;
const handed: { at: number; mail: OutgoingMail }[] = [];
beforeAll(async () => {
  t = await createTestApp({
    mailTransport: { send: async (mail) => void handed.push({ at: Date.now(), mail }) },
    jobs: FAST_JOBS,
  });
});
afterAll(() => t.close());

it('hands both mails of an e-mail change to the transport within seconds', async () => {
  for (let round = 0; round < 2; round++) {
    const user = await createMember(t.db);
    const next = uniqueEmail('nouvelle');
    const start = Date.now();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/email',
      headers: await bearer(t.app, user, t.clock),
      payload: { email: next, password: PASSWORD },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    const to = (address: string) => handed.find((h) => h.mail.to === address);
    await waitFor(() => (to(next) && to(user.email) ? true : null), 8_000).catch(() => {});
    expect(to(next)?.mail.subject, 'link to the new address').toBeDefined();
    expect(to(user.email)?.mail.subject, 'notice to the old address').toBeDefined();
    // A few seconds at most (a 0.5 s polling interval here), never the sweeper's minutes.
    expect(to(next)!.at - start).toBeLessThan(8_000);
  }
}, 40_000);
