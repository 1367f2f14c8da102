import type { AuditPage } from '@munegu/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { createUser } from '../../../test/helpers/factories.js';
import { makeImage, multipartFile } from '../../../test/helpers/images.js';

const t = useTestApp();

async function staff(role: 'UTILISATEUR' | 'REDACTEUR' | 'MODERATEUR' | 'ADMIN') {
  const user = await createUser(t.db, { role });
  return { user, headers: await bearer(t.app, { id: user.id, role }, t.clock) };
}
const headersOf = async (role: 'UTILISATEUR' | 'REDACTEUR' | 'MODERATEUR') =>
  (await staff(role)).headers;

async function upload(headers: Record<string, string>) {
  const form = multipartFile(await makeImage(1200, 800, 'jpeg'), 'visuel.jpg', 'image/jpeg');
  return t.app.inject({
    method: 'POST',
    url: '/api/concours/image',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

describe('contests', () => {
  it('lets an editor create, edit and delete a contest that leaves the list when it ends', async () => {
    const headers = await headersOf('REDACTEUR');
    const stored = await upload(headers);
    expect(stored.statusCode).toBe(200);
    const { image } = stored.json() as { image: string };
    expect(image).toMatch(/^\/uploads\/contests\/[0-9a-f-]{36}\.webp$/);
    const soon = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/concours',
      headers,
      payload: {
        titre: 'Le maillot',
        dateFin: soon,
        image,
        lienInsta: 'https://www.instagram.com/p/1',
        lienX: '',
      },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    const listed = (await t.app.inject({ url: '/api/concours' })).json() as {
      id: number;
      lienX: unknown;
    }[];
    expect(listed.find((c) => c.id === id)).toMatchObject({ titre: 'Le maillot', lienX: null });

    const past = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/concours/${id}`,
      headers,
      payload: {
        titre: 'Terminé',
        dateFin: past,
        image,
        lienX: 'https://x.com/AS_Monaco/status/9',
      },
    });
    expect(edited.json()).toEqual({ message: 'Concours enregistré avec succès !', id });
    const after = (await t.app.inject({ url: '/api/concours' })).json() as { id: number }[];
    expect(after.map((c) => c.id)).not.toContain(id);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/concours/${id}`, headers });
    expect(removed.json()).toEqual({ message: 'Concours supprimé avec succès !' });
    expect(await t.db.contest.count({ where: { id } })).toBe(0);
    expect(
      await t.db.auditLog.findMany({
        where: { targetType: 'contest', targetId: String(id) },
        orderBy: { id: 'asc' },
      }),
    ).toMatchObject([
      { action: 'contest.create' },
      { action: 'contest.update' },
      { action: 'contest.delete', data: { titre: 'Terminé' }, ip: '127.0.0.1' },
    ]);
  });

  it('journals the creation and each edit with who, what changed, before and after', async () => {
    const editor = await staff('REDACTEUR');
    const moderator = await staff('MODERATEUR');
    const { image } = (await upload(editor.headers)).json() as { image: string };
    const dateFin = '2031-06-30T20:00:00.000Z';
    const base = {
      titre: 'Le ballon signé',
      dateFin,
      image,
      lienInsta: 'https://www.instagram.com/p/2',
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/concours',
      headers: editor.headers,
      payload: base,
    });
    const { id } = created.json() as { id: number };
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/concours/${id}`,
      headers: moderator.headers,
      payload: {
        ...base,
        dateFin: '2031-07-01T20:00:00.000Z',
        lienX: 'https://x.com/AS_Monaco/status/5',
      },
    });
    expect(edited.statusCode).toBe(200);

    const res = await t.app.inject({
      url: `/api/moderation/audit?targetType=contest&targetId=${id}`,
      headers: (await staff('ADMIN')).headers,
    });
    expect((res.json() as AuditPage).items).toMatchObject([
      {
        action: 'contest.update',
        actor: { id: moderator.user.id, pseudo: moderator.user.username },
        targetType: 'contest',
        targetId: String(id),
        data: {
          titre: 'Le ballon signé',
          changed: ['dateFin', 'lienX'],
          before: { dateFin, lienX: null },
          after: { dateFin: '2031-07-01T20:00:00.000Z', lienX: 'https://x.com/AS_Monaco/status/5' },
        },
      },
      {
        action: 'contest.create',
        actor: { id: editor.user.id },
        data: { titre: 'Le ballon signé', dateFin, lienInsta: base.lienInsta, lienX: null },
      },
    ]);
  });

  it('refuses a missing title, a bad link or an image the server did not store', async () => {
    const headers = await headersOf('REDACTEUR');
    const { image } = (await upload(headers)).json() as { image: string };
    const dateFin = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const bad = [
      { titre: '', dateFin, image },
      { titre: 'Ok', dateFin, image, lienInsta: 'javascript:alert(1)' },
      { titre: 'Ok', dateFin, image, lienX: 'https://evil.example/x' },
      {
        titre: 'Ok',
        dateFin,
        image: '/uploads/contests/00000000-0000-0000-0000-000000000000.webp',
      },
      { titre: 'Ok', dateFin: 'demain', image },
    ];
    for (const payload of bad) {
      const res = await t.app.inject({ method: 'POST', url: '/api/concours', headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('is for editors only: 401 anonymous, 403 members', async () => {
    const member = await headersOf('UTILISATEUR');
    expect((await upload({})).statusCode).toBe(401);
    expect((await upload(member)).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/concours/1', headers: member });
    expect([res.statusCode, res.json().message]).toEqual([
      403,
      "Vous n'êtes pas autorisé à effectuer cette action.",
    ]);
  });
});
