import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, memoryTransport, type TestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { createUser, uniqueEmail } from '../../../test/helpers/factories.js';
import { waitFor } from '../../../test/helpers/smtp-sink.js';

describe('POST /api/contact', () => {
  let t: TestApp;
  const transport = memoryTransport();
  beforeAll(async () => {
    t = await createTestApp({
      mailTransport: transport,
      jobs: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 },
    });
  });
  afterAll(() => t.close());

  const valid = () => ({
    prenom: 'Élodie',
    nom: 'Martin-Dupré',
    email: uniqueEmail('contact'),
    objet: 'Partenariat',
    message: 'Bonjour, nous aimerions proposer un partenariat avec le club.',
  });
  let ip = 0;
  const post = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: payload as object,
      remoteAddress: `10.9.0.${++ip}`,
    });

  it('stores the message and mails it to the association', async () => {
    const body = valid();
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Message envoyé avec succès !' });
    const stored = await t.db.contactMessage.findMany({ where: { email: body.email } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      firstName: 'Élodie',
      lastName: 'Martin-Dupré',
      subject: 'Partenariat',
    });
    const mail = await waitFor(() => transport.sent.find((m) => m.text.includes(body.email)));
    expect(mail.to).toBe('contact@munegu.test');
    expect(mail.subject).toContain('Partenariat');
    expect(mail.html).toContain('Martin-Dupré');
  });

  it('links a signed-in member’s message to the account; a bad token writes as a visitor', async () => {
    const member = await createUser(t.db);
    const send = async (authorization?: string) => {
      const body = valid();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: authorization ? { authorization } : {},
        payload: body,
        remoteAddress: `10.9.0.${++ip}`,
      });
      expect(res.statusCode).toBe(200);
      return (await t.db.contactMessage.findFirstOrThrow({ where: { email: body.email } })).userId;
    };
    const { authorization } = await bearer(t.app, member, t.clock);
    expect(await send(authorization)).toBe(member.id);
    expect(await send()).toBeNull();
    expect(await send('Bearer pas.un.jeton')).toBeNull();
    expect(await send(`${authorization}x`)).toBeNull();
  });

  it.each([
    [{ prenom: 'J3an' }, 'Prénom invalide.'],
    [{ nom: 'x'.repeat(26) }, 'Nom invalide.'],
    [{ email: 'pas-un-email' }, 'Adresse email invalide.'],
    [{ objet: 'Réclamation' }, 'Veuillez sélectionner un objet valide.'],
    [{ message: 'court' }, 'Message invalide ou trop court.'],
    [
      { message: 'Bonjour <script>alert(1)</script> tout le monde' },
      'Message invalide ou trop court.',
    ],
  ])('rejects %o with the French message and stores nothing', async (override, message) => {
    const body = { ...valid(), ...override };
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json).toMatchObject({ code: 'VALIDATION', message });
    expect(json.errors[0]).toMatchObject({ message });
    expect(await t.db.contactMessage.count({ where: { email: body.email } })).toBe(0);
  });

  it('escapes HTML-looking input in the mailed HTML part', async () => {
    const body = { ...valid(), message: 'Question : 3 > 2 & "guillemets" dans le texte' };
    expect((await post(body)).statusCode).toBe(200);
    const mail = await waitFor(() => transport.sent.find((m) => m.text.includes(body.email)));
    expect(mail.html).toContain('3 &gt; 2 &amp; &quot;guillemets&quot;');
  });

  it('limits each address to 5 messages in 10 minutes, with a ttl', async () => {
    const from = { remoteAddress: '10.99.0.1' };
    for (let i = 0; i < 5; i++) {
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: valid(),
        ...from,
      });
      expect(ok.statusCode).toBe(200);
    }
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: valid(),
      ...from,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().ttl).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Trop de tentatives/);
  });
});
