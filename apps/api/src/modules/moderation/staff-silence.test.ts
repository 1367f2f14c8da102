import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor } from '../../../test/helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { makeImage } from '../../../test/helpers/images.js';
import { moderationWorld } from '../../../test/helpers/moderation.js';

/**
 * A silence binds staff too: an admin who silences an editor or a moderator stops what they
 * write to members (news items, contests, the reasons of sanctions, all mailed or published),
 * while what writes nothing to anyone (reading, deleting, dismissing, lifting) goes on. Real app
 * on PostgreSQL.
 */
const NOW = '2031-07-10T08:30:00Z';
const REASON = 'Publications hors charte répétées';
const SILENCED = `Tu ne peux plus écrire aux autres membres jusqu’au 14 juillet 2031 à 10:30 : ${REASON}.`;

let t: TestApp;
let w: ReturnType<typeof moderationWorld>;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  w = moderationWorld(t);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof w.member>>;
const answer = (res: { statusCode: number; json(): { message?: string } }) => [
  res.statusCode,
  res.json().message,
];

/** A WebP where the contests' image store looks for its own files. */
async function contestImage(): Promise<string> {
  const dir = path.join(t.config.dataDir, 'uploads', 'contests');
  const file = `${randomUUID()}.webp`;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, file), await makeImage(64, 64, 'webp'));
  return `/uploads/contests/${file}`;
}
const contest = async () => ({
  titre: 'Le maillot dédicacé',
  dateFin: '2031-08-01T18:00:00.000Z',
  image: await contestImage(),
  lienInsta: 'https://www.instagram.com/p/maillot',
});

async function silencedBy(admin: Member, role: 'REDACTEUR' | 'MODERATEUR') {
  const staff = await w.member(role);
  const res = await w.call(admin, 'POST', `/users/${staff.id}/silence`, {
    reason: REASON,
    days: 4,
  });
  expect(res.statusCode).toBe(200);
  return staff;
}

describe('a silenced editor', () => {
  it('can neither publish nor edit a news item or a contest, and can still read and delete', async () => {
    const admin = await w.member('ADMIN');
    const editor = await silencedBy(admin, 'REDACTEUR');
    const news = await t.db.news.create({
      data: {
        title: 'Avant le silence',
        content: 'Texte',
        image: '/uploads/news/none.webp',
        categoryId: (await t.db.newsCategory.findFirstOrThrow()).id,
        authorId: editor.id,
      },
    });
    const before = { news: await t.db.news.count(), contests: await t.db.contest.count() };

    // The body is not even read: the silence answers first, with its end and its reason.
    expect(answer(await w.api(editor, 'POST', '/actualite', { titre: 'Nouvelle' }))).toEqual([
      403,
      SILENCED,
    ]);
    expect(
      answer(await w.api(editor, 'PUT', `/actualite/${news.id}`, { titre: 'Changé' })),
    ).toEqual([403, SILENCED]);
    expect(answer(await w.api(editor, 'POST', '/concours', await contest()))).toEqual([
      403,
      SILENCED,
    ]);
    expect({ news: await t.db.news.count(), contests: await t.db.contest.count() }).toEqual(before);
    expect((await t.db.news.findUniqueOrThrow({ where: { id: news.id } })).title).toBe(
      'Avant le silence',
    );

    expect((await w.api(editor, 'GET', '/actualite')).statusCode).toBe(200);
    expect((await w.api(editor, 'DELETE', `/actualite/${news.id}`)).statusCode).toBe(200);

    // Lifted: the same contest goes out.
    await w.call(admin, 'POST', `/users/${editor.id}/lift`, {});
    const published = await w.api(editor, 'POST', '/concours', await contest());
    expect(published.statusCode).toBe(201);
    expect(await t.db.contest.count()).toBe(before.contests + 1);
  });
});

describe('a silenced moderator', () => {
  it('cannot mail a sanction’s reason to a member, and can still dismiss a report', async () => {
    const admin = await w.member('ADMIN');
    const moderator = await silencedBy(admin, 'MODERATEUR');
    const member = await w.member();
    const [first, second] = [await w.report(member.id), await w.report(member.id)];
    const sanctions = [
      ['POST', `/reports/${first.id}/warn`, { reason: 'Insultes envers un membre' }],
      ['POST', `/reports/${first.id}/suspend`, { reason: 'Insultes envers un membre', days: 3 }],
      ['POST', `/reports/${first.id}/ban`, { reason: 'Insultes envers un membre' }],
      ['POST', `/users/${member.id}/warn`, { reason: 'Insultes envers un membre' }],
      ['POST', `/users/${member.id}/silence`, { reason: 'Insultes envers un membre', days: 3 }],
      ['POST', `/users/${member.id}/suspend`, { reason: 'Insultes envers un membre', days: 3 }],
      ['POST', `/users/${member.id}/ban`, { reason: 'Insultes envers un membre' }],
    ] as const;
    for (const [method, url, body] of sanctions)
      expect(answer(await w.call(moderator, method, url, body)), url).toEqual([403, SILENCED]);

    // Nothing reached the member, nothing changed on their account or in the journal.
    expect(await outboxFor(t.db, member.email)).toEqual([]);
    expect(await t.db.user.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({
      status: 'ACTIVE',
      silencedUntil: null,
    });
    expect(await w.auditOf('user', member.id)).toEqual([]);
    expect((await t.db.report.findUniqueOrThrow({ where: { id: first.id } })).status).toBe('OPEN');

    // Dismissing writes to nobody: it goes on.
    const dismissed = await w.call(moderator, 'POST', `/reports/${second.id}/dismiss`, {});
    expect(dismissed.statusCode).toBe(200);

    // Lifted by the admin: the warning goes out, mailed to the member.
    await w.call(admin, 'POST', `/users/${moderator.id}/lift`, {});
    const warned = await w.call(moderator, 'POST', `/reports/${first.id}/warn`, {
      reason: 'Insultes envers un membre',
    });
    expect(warned.statusCode).toBe(200);
    expect((await outboxFor(t.db, member.email)).map((m) => m.kind)).toEqual([
      'moderation-warning',
    ]);
  });
});
