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
  it('lets an editor create, edit and delete a contest, each with its message', async () => {
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
    const { id, message } = created.json() as { id: number; message: string };
    expect(message).toBe('Concours créé avec succès !');
    const listed = (await t.app.inject({ url: '/api/concours' })).json() as {
      id: number;
      lienX: unknown;
    }[];
    expect(listed.find((c) => c.id === id)).toMatchObject({ titre: 'Le maillot', lienX: null });

    const later = new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString();
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/concours/${id}`,
      headers,
      payload: {
        titre: 'Le maillot, prolongé',
        dateFin: later,
        image,
        lienX: 'https://x.com/AS_Monaco/status/9',
      },
    });
    expect(edited.json()).toEqual({ message: 'Concours mis à jour avec succès !', id });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/concours/${id}`, headers });
    expect(removed.json()).toEqual({ message: 'Concours supprimé avec succès !' });
    expect(await t.db.contest.count({ where: { id } })).toBe(0);
    expect(
      await t.db.auditLog.findMany({
        where: { targetType: 'contest', targetId: String(id) },
        orderBy: { id: 'asc' },
      }),
    ).toMatchObject([
      { action: 'contest.create', targetLabel: 'Le maillot' },
      { action: 'contest.update', targetLabel: 'Le maillot, prolongé' },
      {
        action: 'contest.delete',
        targetLabel: 'Le maillot, prolongé',
        data: { titre: 'Le maillot, prolongé' },
        ip: '127.0.0.1',
      },
    ]);
  });

  it('lets a visual go once no contest shows it: replaced, or its contest deleted', async () => {
    const headers = await headersOf('REDACTEUR');
    const imageOf = async () => ((await upload(headers)).json() as { image: string }).image;
    const served = async (path: string) => (await t.app.inject({ url: path })).statusCode;
    const [first, second] = [await imageOf(), await imageOf()];
    const soon = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const body = (image: string) => ({ titre: 'Le maillot', dateFin: soon, image, lienX: '' });
    const write = (method: 'POST' | 'PUT', url: string, image: string) =>
      t.app.inject({ method, url, headers, payload: body(image) });
    const { id } = (await write('POST', '/api/concours', first)).json() as { id: number };
    // Another contest shows the first visual too: it stays while that one does.
    const { id: twin } = (await write('POST', '/api/concours', first)).json() as { id: number };
    expect(await served(first)).toBe(200);

    expect((await write('PUT', `/api/concours/${id}`, second)).statusCode).toBe(200);
    expect(await served(first)).toBe(200);
    expect(await served(second)).toBe(200);
    const remove = (contest: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/concours/${contest}`, headers });
    expect((await remove(twin)).statusCode).toBe(200);
    expect(await served(first)).toBe(404);
    expect((await remove(id)).statusCode).toBe(200);
    expect(await served(second)).toBe(404);
  });

  it('refuses an end already passed, on creation and on edit, and changes nothing', async () => {
    const headers = await headersOf('REDACTEUR');
    const { image } = (await upload(headers)).json() as { image: string };
    const now = t.clock.now().getTime();
    const past = new Date(now - 60_000).toISOString();
    const before = await t.db.contest.count();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/concours',
      headers,
      payload: { titre: 'Trop tard', dateFin: past, image },
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      {
        message: 'La date de fin doit être dans le futur.',
        code: 'VALIDATION',
        errors: [{ path: 'dateFin', message: 'La date de fin doit être dans le futur.' }],
      },
    ]);
    expect(await t.db.contest.count()).toBe(before);

    const end = new Date(now + 3_600_000).toISOString();
    const { id } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/concours',
        headers,
        payload: { titre: 'À temps', dateFin: end, image },
      })
    ).json() as { id: number };
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/concours/${id}`,
      headers,
      payload: { titre: 'À temps', dateFin: past, image },
    });
    expect([moved.statusCode, moved.json().message]).toEqual([
      400,
      'La date de fin doit être dans le futur.',
    ]);
    const row = await t.db.contest.findUniqueOrThrow({ where: { id } });
    expect(row.endsAt.toISOString()).toBe(end);
    const running = (await t.app.inject({ url: '/api/concours' })).json() as { id: number }[];
    expect(running.map((c) => c.id)).toContain(id);

    // It leaves the list by itself once its end has passed.
    t.clock.advance(2 * 3_600_000);
    try {
      const after = (await t.app.inject({ url: '/api/concours' })).json() as { id: number }[];
      expect(after.map((c) => c.id)).not.toContain(id);
    } finally {
      t.clock.reset();
    }
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

  it('refuses a bad title, link, image or date, saying which field and why', async () => {
    const headers = await headersOf('REDACTEUR');
    const { image } = (await upload(headers)).json() as { image: string };
    const dateFin = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const bad: [object, string, string][] = [
      [{ titre: '', dateFin, image }, 'titre', 'Le titre est obligatoire.'],
      [
        { titre: 'Le script du concours', dateFin, image },
        'titre',
        'Le titre ne peut pas contenir « script ».',
      ],
      [
        { titre: 'Ok', dateFin, image, lienInsta: 'javascript:alert(1)' },
        'lienInsta',
        'Lien Instagram invalide.',
      ],
      [
        { titre: 'Ok', dateFin, image, lienX: 'https://evil.example/x' },
        'lienX',
        'Lien X invalide.',
      ],
      [
        {
          titre: 'Ok',
          dateFin,
          image: '/uploads/contests/00000000-0000-0000-0000-000000000000.webp',
        },
        'image',
        'Image invalide.',
      ],
      [{ titre: 'Ok', dateFin: 'demain', image }, 'dateFin', 'Date de fin invalide.'],
    ];
    for (const [payload, path, message] of bad) {
      const res = await t.app.inject({ method: 'POST', url: '/api/concours', headers, payload });
      expect(
        [res.statusCode, res.json().message, res.json().errors],
        JSON.stringify(payload),
      ).toEqual([400, message, [{ path, message }]]);
    }
    const inscriptions = await t.app.inject({
      method: 'POST',
      url: '/api/concours',
      headers,
      payload: { titre: 'Les inscriptions au concours sont ouvertes', dateFin, image },
    });
    expect(inscriptions.statusCode).toBe(201);
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
