import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  freshIp,
  PASSWORD,
  registrationBody,
} from '../../../test/helpers/accounts.js';
import { createTestApp, FAST_JOBS, type TestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { smtpSink, waitFor } from '../../../test/helpers/smtp-sink.js';
import { smtpTransport } from '../../lib/mail/transport.js';

/**
 * The owner of an address someone else asks for is told what was really attempted: a new
 * account (registration) or moving an existing account onto it (e-mail change). The asker's
 * answer is the same as for a free address either way. Delivered through a real SMTP server.
 */
let t: TestApp;
const sink = smtpSink();
beforeAll(async () => {
  await sink.start();
  t = await createTestApp({
    mailTransport: smtpTransport(sink.url, 'Munegu <no-reply@munegu.test>'),
    jobs: FAST_JOBS,
  });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const mailTo = (address: string) =>
  waitFor(() => sink.received.find((m) => m.to.includes(address)));

describe('mail to the owner of an address already in use', () => {
  it('says a registration was attempted when someone signs up with it', async () => {
    const owner = await createMember(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: registrationBody({
        username: `Pris${Date.now().toString(36).slice(-8)}`,
        email: owner.email,
      }),
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(201);
    const mail = await mailTo(owner.email);
    expect(mail.subject).toBe("Munegu : tentative d'inscription avec ton adresse");
    expect(mail.text).toContain("Quelqu'un a essayé de créer un compte Munegu avec ton adresse");
  });

  it('says an existing account tried to move onto it when a member changes their e-mail', async () => {
    const owner = await createMember(t.db);
    const asker = await createMember(t.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/email',
      headers: await bearer(t.app, asker, t.clock),
      payload: { email: owner.email, password: PASSWORD },
      remoteAddress: freshIp(),
    });
    // The asker learns nothing: the answer of a free address, and the usual notice.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Un email de confirmation vous a été envoyé.' });
    const notice = await mailTo(asker.email);
    expect(notice.subject).toBe("Munegu : changement d'adresse e-mail demandé");

    const mail = await mailTo(owner.email);
    expect(mail.subject).toBe("Munegu : tentative d'utiliser ton adresse pour un autre compte");
    expect(mail.text).toContain(`Bonjour ${owner.username},`);
    expect(mail.text).toContain(
      "Quelqu'un a demandé à remplacer l'adresse e-mail d'un autre compte Munegu, déjà existant, par la tienne.",
    );
    expect(mail.text).toContain("Ton compte n'a pas été modifié");
    expect(mail.text).not.toContain('inscription');
    expect(mail.text).not.toContain('créer un compte');
    expect(mail.html).toContain('remplacer l&#39;adresse e-mail');
    // Nothing but these two mails: no confirmation link went anywhere.
    expect(
      sink.received.filter((m) => m.to.some((to) => [owner.email, asker.email].includes(to))),
    ).toHaveLength(2);
  });
});
