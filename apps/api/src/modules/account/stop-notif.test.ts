import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, outboxFor, registrationBody } from '../../../test/helpers/accounts.js';
import { createTestApp, FAST_JOBS, type TestApp } from '../../../test/helpers/app.js';
import { uniqueEmail } from '../../../test/helpers/factories.js';
import { smtpSink, waitFor } from '../../../test/helpers/smtp-sink.js';
import { smtpTransport } from '../../lib/mail/transport.js';
import { emailTokensRepository } from '../email-tokens/email-tokens.repository.js';
import { emailTokensService } from '../email-tokens/email-tokens.service.js';

let t: TestApp;
const sink = smtpSink();
let links: ReturnType<typeof emailTokensService>;
beforeAll(async () => {
  await sink.start();
  t = await createTestApp({
    mailTransport: smtpTransport(sink.url, 'Munegu <no-reply@munegu.test>'),
    jobs: FAST_JOBS,
  });
  links = emailTokensService({
    repo: emailTokensRepository(t.db),
    clock: t.clock,
    publicUrl: 'http://localhost:3000',
  });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

describe('registration mail through a real SMTP server', () => {
  it('delivers the French confirmation mail with its link in text and HTML', async () => {
    const email = uniqueEmail('smtp');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: registrationBody({
        username: `Smtp${Date.now().toString(36).slice(-8)}`,
        email,
        notif_mail_promo: true,
      }),
    });
    expect(res.statusCode).toBe(201);
    const mail = await waitFor(() => sink.received.find((m) => m.to.includes(email)));
    expect(mail.subject).toBe('Munegu : confirme ton adresse e-mail');
    const link = /http:\/\/localhost:3000\/email-confirmed\/([A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(link).not.toBeNull();
    expect(mail.html).toContain(`/email-confirmed/${link![1]}`);
    expect(mail.text).toContain('Ce lien est valable 48 heures.');
    await waitFor(async () => (await outboxFor(t.db, email))[0]?.status === 'SENT');
  });
});

describe('daily account job', () => {
  it('completes when its schedule fires (the cron tick sends one job)', async () => {
    // What pg-boss's cron does at SCHEDULE_ACCOUNTS (test/schedules.test.ts checks the cron).
    await t.app.boss!.send('account.inactivity', {});
    const done = await waitFor(async () => {
      const rows = await t.db.$queryRaw<{ state: string }[]>`
        SELECT state FROM pgboss.job WHERE name = 'account.inactivity'`;
      return rows.find((r) => r.state === 'completed');
    });
    expect(done.state).toBe('completed');
  });
});

describe('stop-notification links', () => {
  const check = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/check-token?token=${token}` });
  const stop = (token: string, confirm: boolean) =>
    t.app.inject({ method: 'POST', url: '/api/users/stop-notif', payload: { token, confirm } });

  it('checks without using, cancels without changing, then switches the promo mails off', async () => {
    const user = await createMember(t.db, { promoMailOptIn: true, appMailOptIn: true });
    const { token } = await links.issue(user.id, 'STOP_NOTIF_PROMO');
    expect((await check(token)).json()).toEqual({ valid: true, stopType: 'promo' });

    const cancel = await stop(token, false);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({
      type: 'promo',
      message: "Aucune modification n'a été effectuée.",
    });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).promoMailOptIn).toBe(
      true,
    );

    const ok = await stop(token, true);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().type).toBe('promo');
    const after = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.promoMailOptIn).toBe(false);
    expect(after.appMailOptIn).toBe(true);

    expect((await check(token)).json()).toEqual({ valid: false });
    const again = await stop(token, true);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Lien invalide ou expiré.');
  });

  it('switches the application mails off with an application link', async () => {
    const user = await createMember(t.db, { promoMailOptIn: true, appMailOptIn: true });
    const { token } = await links.issue(user.id, 'STOP_NOTIF_APPLI');
    expect((await check(token)).json()).toEqual({ valid: true, stopType: 'application' });
    expect((await stop(token, true)).json().type).toBe('application');
    const after = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after).toMatchObject({ appMailOptIn: false, promoMailOptIn: true });
  });

  it('refuses unknown tokens and tokens of another purpose', async () => {
    const user = await createMember(t.db);
    const { token } = await links.issue(user.id, 'RESET_PASSWORD');
    expect((await check(token)).json()).toEqual({ valid: false });
    expect((await stop(token, true)).statusCode).toBe(404);
    expect((await stop('inconnu', false)).statusCode).toBe(404);
  });
});
