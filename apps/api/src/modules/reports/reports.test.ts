import type { Role } from '@munegu/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { createUser } from '../../../test/helpers/factories.js';

describe('POST /user-signalement', () => {
  let t: TestApp;
  let motif: { id: number; label: string };
  let autre: { id: number; label: string };
  let messageMotif: { id: number; label: string };
  beforeAll(async () => {
    t = await createTestApp();
    const profil = await t.db.reason.findMany({
      where: { kind: 'SIGNALEMENT', section: 'profil' },
    });
    motif = profil.find((r) => r.label.toLowerCase() !== 'autre')!;
    autre = profil.find((r) => r.label.toLowerCase() === 'autre')!;
    messageMotif = (await t.db.reason.findFirst({
      where: { kind: 'SIGNALEMENT', section: 'message', label: { not: 'Autre' } },
    }))!;
  });
  afterAll(() => t.close());

  type Member = { id: number; role: Role };
  const report = async (from: Member, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user-signalement',
      headers: await bearer(t.app, from, t.clock),
      payload,
    });
  const reportsBy = (reporterId: number) =>
    t.db.report.findMany({ where: { reporterId }, orderBy: { id: 'asc' } });

  it('stores the report for moderators and ignores free text for a listed motif', async () => {
    const [from, to] = [await createUser(t.db), await createUser(t.db)];
    t.clock.set('2031-04-02T10:00:00Z');
    const res = await report(from, { to: to.id, motifId: motif.id, customReason: 'ignoré ici' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signalement envoyé avec succès.' });
    expect(await reportsBy(from.id)).toMatchObject([
      {
        reportedUserId: to.id,
        reasonId: motif.id,
        section: 'profil',
        customReason: null,
        status: 'OPEN',
        createdAt: new Date('2031-04-02T10:00:00Z'),
      },
    ]);
    t.clock.reset();
  });

  it("requires 10 to 255 safe characters for 'Autre' and stores them trimmed", async () => {
    const [from, to] = [await createUser(t.db), await createUser(t.db)];
    for (const [customReason, message] of [
      [undefined, 'Le motif doit contenir entre 10 et 255 caractères.'],
      ['   9 lettres  ', 'Le motif doit contenir entre 10 et 255 caractères.'],
      ['x'.repeat(256), 'Le motif doit contenir entre 10 et 255 caractères.'],
      ['Il écrit <script>alert(1)</script>', 'Le motif contient des caractères interdits.'],
    ] as const) {
      const res = await report(from, { to: to.id, motifId: autre.id, customReason });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await reportsBy(from.id)).toEqual([]);

    const ok = await report(from, {
      to: to.id,
      motifId: autre.id,
      customReason: '  Il se fait passer pour un joueur du club.  ',
    });
    expect(ok.statusCode).toBe(200);
    expect((await reportsBy(from.id))[0]!.customReason).toBe(
      'Il se fait passer pour un joueur du club.',
    );
  });

  it.each([
    ['an unknown motif', () => ({ motifId: 999999 })],
    ['a motif of another section', () => ({ motifId: messageMotif.id })],
    ['a motif that is not a number', () => ({ motifId: 'abc' })],
    ['no motif', () => ({ motifId: undefined })],
  ])('refuses %s with the motif message', async (_label, override) => {
    const [from, to] = [await createUser(t.db), await createUser(t.db)];
    const res = await report(from, Object.assign({ to: to.id, motifId: motif.id }, override()));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Veuillez sélectionner un motif valide pour le signalement.');
    expect(await reportsBy(from.id)).toEqual([]);
  });

  it('accepts a motif of the section it is sent for', async () => {
    const [from, to] = [await createUser(t.db), await createUser(t.db)];
    const res = await report(from, { to: to.id, motifId: messageMotif.id, section: 'message' });
    expect(res.statusCode).toBe(200);
    expect((await reportsBy(from.id))[0]).toMatchObject({ section: 'message' });
  });

  it('refuses to report yourself', async () => {
    const me = await createUser(t.db);
    const res = await report(me, { to: me.id, motifId: motif.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Tu ne peux pas te signaler toi-même.');
    expect(await reportsBy(me.id)).toEqual([]);
  });

  it('refuses unknown and deleted members', async () => {
    const from = await createUser(t.db);
    const deleted = await createUser(t.db, {
      status: 'DELETED',
      username: `Supprime_${Math.random().toString(36).slice(2, 7)}`,
    });
    for (const to of [deleted.id, 99_999_999]) {
      const res = await report(from, { to, motifId: motif.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Utilisateur introuvable');
    }
    expect(await reportsBy(from.id)).toEqual([]);
  });

  it('does not store an identical open report twice, and says the first is being examined', async () => {
    const [from, to] = [await createUser(t.db), await createUser(t.db)];
    const body = { to: to.id, motifId: motif.id };
    const first = await report(from, body);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Signalement envoyé avec succès.');
    const again = await report(from, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(
      'Tu as déjà signalé ce profil : les modérateurs examinent ton signalement.',
    );
    expect(await reportsBy(from.id)).toHaveLength(1);

    // Once a moderator has handled it, a new report is a new case.
    await t.db.report.updateMany({ where: { reporterId: from.id }, data: { status: 'REVIEWED' } });
    await report(from, body);
    expect(await reportsBy(from.id)).toHaveLength(2);
  });

  it('limits each member to 20 reports an hour', async () => {
    const from = await createUser(t.db);
    t.clock.set('2031-05-01T08:00:00Z');
    for (let i = 0; i < 20; i++) {
      const to = await createUser(t.db);
      expect((await report(from, { to: to.id, motifId: motif.id })).statusCode).toBe(200);
    }
    const extra = await createUser(t.db);
    const limited = await report(from, { to: extra.id, motifId: motif.id });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Trop de signalements envoyés. Réessaie plus tard.');
    expect(await reportsBy(from.id)).toHaveLength(20);

    // Another member is not affected; an hour later the budget is back.
    const other = await createUser(t.db);
    expect((await report(other, { to: extra.id, motifId: motif.id })).statusCode).toBe(200);
    t.clock.set('2031-05-01T09:00:01Z');
    expect((await report(from, { to: extra.id, motifId: motif.id })).statusCode).toBe(200);
    t.clock.reset();
  });

  it('needs a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user-signalement',
      payload: { to: 1, motifId: motif.id },
    });
    expect(res.statusCode).toBe(401);
  });
});
