import { randomUUID } from 'node:crypto';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAST_JOBS, useTestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { createUser } from '../../../test/helpers/factories.js';
import { makeImage, multipartFile } from '../../../test/helpers/images.js';
import { runJob } from '../../../test/helpers/jobs.js';
import { UPLOADS_SWEEP } from '../../jobs/maintenance.jobs.js';

/**
 * The sweep of unused uploaded images, run by pg-boss as its schedule runs it: a visual whose
 * contest dialog was cancelled goes once it is older than the grace period; a visual a contest
 * shows, and a fresh one an editor may still be about to save, stay.
 */
const t = useTestApp({ jobs: FAST_JOBS });
const HOUR = 3_600_000;

async function editor() {
  const user = await createUser(t.db, { role: 'REDACTEUR' });
  return bearer(t.app, { id: user.id, role: 'REDACTEUR' }, t.clock);
}

async function upload(headers: Record<string, string>): Promise<string> {
  const form = multipartFile(await makeImage(800, 600, 'jpeg'), 'visuel.jpg', 'image/jpeg');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/concours/image',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { image: string }).image;
}

/** Dates the stored file back by `hours`, as if uploaded that long ago. */
async function age(publicPath: string, hours: number) {
  const file = path.join(t.config.dataDir, publicPath);
  const then = new Date(Date.now() - hours * HOUR);
  await utimes(file, then, then);
}

const served = async (publicPath: string) => (await t.app.inject({ url: publicPath })).statusCode;

/** One run of the job through the queue, awaited until pg-boss marks it completed. */
const run = () => runJob(t.app, UPLOADS_SWEEP);

describe('uploads sweep', () => {
  it('is scheduled daily at 03:45 Paris time', async () => {
    const schedules = await t.app.boss!.getSchedules();
    expect(schedules.find((s) => s.name === UPLOADS_SWEEP)).toMatchObject({
      cron: '45 3 * * *',
      timezone: 'Europe/Paris',
    });
  });

  it('deletes the visuals no contest shows once past the grace period, and only those', async () => {
    const headers = await editor();
    const [shown, abandoned, draft] = [
      await upload(headers),
      await upload(headers),
      await upload(headers),
    ];
    const soon = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/concours',
      headers,
      payload: { titre: 'Le maillot', dateFin: soon, image: shown, lienX: '' },
    });
    expect(created.statusCode).toBe(201);
    // Two days old: the shown one and the one whose dialog was cancelled. The draft is an
    // hour old, inside UPLOADS_ORPHAN_GRACE_HOURS (24 by default).
    await age(shown, 48);
    await age(abandoned, 48);
    await age(draft, 1);

    await run();
    expect(await served(abandoned)).toBe(404);
    expect(await served(shown)).toBe(200);
    expect(await served(draft)).toBe(200);

    // The draft goes by a later run, once it too is past the grace period.
    await age(draft, 25);
    await run();
    expect(await served(draft)).toBe(404);
    expect(await served(shown)).toBe(200);
  });

  it('keeps a news item’s image and deletes a post’s image never published', async () => {
    // As the post preview stores them (tweet.provider.ts): a WebP under /uploads/news.
    const dir = path.join(t.config.dataDir, 'uploads/news');
    await mkdir(dir, { recursive: true });
    const [published, previewed] = [randomUUID(), randomUUID()].map(
      (id) => `/uploads/news/${id}.webp`,
    );
    const webp = await makeImage(400, 300, 'webp');
    for (const image of [published!, previewed!])
      await writeFile(path.join(t.config.dataDir, image), webp);
    const author = await createUser(t.db, { role: 'REDACTEUR' });
    const category = await t.db.newsCategory.create({ data: { label: `Cat ${randomUUID()}` } });
    await t.db.news.create({
      data: {
        title: 'Convocation',
        content: 'Le groupe',
        image: published!,
        categoryId: category.id,
        authorId: author.id,
      },
    });
    await age(published!, 48);
    await age(previewed!, 48);

    await run();
    expect(await served(published!)).toBe(200);
    expect(await served(previewed!)).toBe(404);
  });
});
