import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMember, login, refresh, signIn } from '../../../test/helpers/accounts.js';
import { createTestApp, FAST_JOBS, type TestApp } from '../../../test/helpers/app.js';
import { moderationWorld } from '../../../test/helpers/moderation.js';
import { smtpSink, waitFor, type ReceivedMail } from '../../../test/helpers/smtp-sink.js';
import { smtpTransport } from '../../lib/mail/transport.js';

/**
 * The member is told (issue 29): every sanction reaches them by mail with the moderator's
 * reason and the way to write to the association, delivered to a real SMTP server by the
 * outbox worker; a suspended or banned member's login and refresh say why and until when.
 */
const sink = smtpSink();
let t: TestApp;
let w: ReturnType<typeof moderationWorld>;
beforeAll(async () => {
  await sink.start();
  t = await createTestApp({
    mailTransport: smtpTransport(sink.url, 'Munegu <no-reply@munegu.test>'),
    jobs: FAST_JOBS,
  });
  w = moderationWorld(t);
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});
afterEach(() => t.clock.reset());

const REASON = 'Propos racistes envers un autre supporter';

/** The mail to `to` whose subject contains `subject`, once the SMTP server has it. */
const delivered = (to: string, subject: string): Promise<ReceivedMail> =>
  waitFor(() => sink.received.find((m) => m.to.includes(to) && m.subject.includes(subject)));

describe('sanction mails, through SMTP', () => {
  it('mails a warning without a report, a silence, a suspension and a ban with the reason', async () => {
    t.clock.set('2031-07-10T08:30:00Z');
    const moderator = await w.member('MODERATEUR');
    const site = t.config.site;
    const cases = [
      {
        action: 'warn',
        body: { reason: REASON },
        subject: 'Munegu : avertissement de la modération',
        says: 'L’équipe de modération t’adresse un avertissement',
      },
      {
        action: 'silence',
        body: { reason: REASON, days: 4 },
        subject:
          'Munegu : tu ne peux plus écrire aux autres membres jusqu’au 14 juillet 2031 à 10:30',
        says: 'tu ne peux plus envoyer de messages privés',
      },
      {
        action: 'suspend',
        body: { reason: REASON, days: 4 },
        subject: 'Munegu : ton compte est suspendu jusqu’au 14 juillet 2031 à 10:30',
        says: 'tu ne peux plus te connecter',
      },
      {
        action: 'ban',
        body: { reason: REASON },
        subject: 'Munegu : ton compte est banni',
        says: 'Tu ne peux plus te connecter',
      },
    ];
    for (const { action, body, subject, says } of cases) {
      const member = await w.member();
      const res = await w.call(moderator, 'POST', `/users/${member.id}/${action}`, body);
      expect(res.statusCode, action).toBe(200);
      const mail = await delivered(member.email, subject);
      expect(mail.subject, action).toBe(subject);
      expect(mail.text, action).toContain(`Bonjour ${member.username},`);
      expect(mail.text, action).toContain(REASON);
      expect(mail.text, action).toContain(says);
      expect(mail.text, action).toContain(`Écrire à l’association : ${site.publicUrl}/contact`);
      // The way to answer is said once, not as "Écris à l’association :" then the link's label.
      expect(mail.text, action).toContain(
        'Une question, une contestation ? L’association te répond.',
      );
      expect(mail.text, action).not.toContain('Écris à l’association');
      expect(mail.html, action).toContain(`href="${site.publicUrl}/contact"`);
    }
  }, 40_000);

  it('escapes the reason in the HTML part', async () => {
    const moderator = await w.member('MODERATEUR');
    const member = await w.member();
    const reason = 'Tu as écrit "Allez l’OM" & insulté';
    await w.call(moderator, 'POST', `/users/${member.id}/warn`, { reason });
    const mail = await delivered(member.email, 'avertissement');
    expect(mail.html).toContain(
      'Tu as écrit &quot;Allez l&#39;OM&quot; &amp; insulté'.replace('&#39;', '’'),
    );
  }, 20_000);
});

describe('what a suspended member is told', () => {
  it('gives the reason and the end at login and on the open session’s refresh', async () => {
    t.clock.set('2031-07-10T08:30:00Z');
    const moderator = await w.member('MODERATEUR');
    const member = await createMember(t.db);
    const { cookie } = await signIn(t, member.email);
    await w.call(moderator, 'POST', `/users/${member.id}/suspend`, { reason: REASON, days: 4 });

    const expected = {
      code: 'SUSPENDED_ACCOUNT',
      message:
        'Ton compte est suspendu jusqu’au 14 juillet 2031 à 10:30 : Propos racistes envers un autre supporter.',
      suspension: { until: '2031-07-14T08:30:00.000Z', reason: REASON },
    };
    const atLogin = await login(t, member.email);
    expect([atLogin.statusCode, atLogin.json()]).toEqual([401, expected]);
    const onRefresh = await refresh(t, cookie);
    expect([onRefresh.statusCode, onRefresh.json()]).toEqual([401, expected]);
    const mail = await delivered(member.email, 'ton compte est suspendu');
    expect(mail.text).toContain(REASON);

    // Banned: no end. Lifted: the reason is forgotten and the member signs in again.
    await w.call(moderator, 'POST', `/users/${member.id}/ban`, {
      reason: 'Récidive après suspension.',
    });
    expect((await login(t, member.email)).json()).toEqual({
      code: 'SUSPENDED_ACCOUNT',
      message: 'Ton compte est banni : Récidive après suspension.',
      suspension: { until: null, reason: 'Récidive après suspension.' },
    });
    await w.call(moderator, 'POST', `/users/${member.id}/lift`, {});
    expect(
      (await t.db.user.findUniqueOrThrow({ where: { id: member.id } })).suspensionReason,
    ).toBeNull();
    expect((await login(t, member.email)).statusCode).toBe(200);
  }, 20_000);

  it('keeps the old sentence for a suspension without a known reason', async () => {
    t.clock.set('2031-07-10T08:30:00Z');
    const member = await createMember(t.db, { status: 'SUSPENDED' });
    await t.db.user.update({
      where: { id: member.id },
      data: { suspendedUntil: new Date('2031-07-14T08:30:00Z') },
    });
    expect((await login(t, member.email)).json()).toEqual({
      code: 'SUSPENDED_ACCOUNT',
      message: 'Ton compte est suspendu jusqu’au 14 juillet 2031 à 10:30.',
      suspension: { until: '2031-07-14T08:30:00.000Z', reason: null },
    });
  });
});
