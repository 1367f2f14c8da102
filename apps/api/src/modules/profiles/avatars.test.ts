import type { Role } from '@munegu/shared';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { bearer } from '../../../test/helpers/auth.js';
import { createUser } from '../../../test/helpers/factories.js';
import {
  makeImage,
  makeJpegWithExif,
  makePngBomb,
  multipartFile,
} from '../../../test/helpers/images.js';

const FORMAT = 'Format de fichier non autorisé. Formats acceptés : PNG, JPG, JPEG, WEBP.';

const multipart = multipartFile;

describe('avatars', () => {
  let t: TestApp;
  // Our own data folder, to look at the files and to plant a secret next to the uploads.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'munegu-avatars-'));
  const avatarDir = path.join(dataDir, 'uploads', 'avatar');
  const SECRET = 'planted-secret-6f1c2b9e';
  beforeAll(async () => {
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    writeFileSync(path.join(dataDir, 'planted.txt'), SECRET);
  });
  afterAll(() => t.close());

  type Member = { id: number; role: Role };
  async function upload(user: Member, body: ReturnType<typeof multipart>) {
    return t.app.inject({
      method: 'POST',
      url: '/api/users/upload-profile-picture',
      payload: body.payload,
      headers: { ...body.headers, ...(await bearer(t.app, user, t.clock)) },
      remoteAddress: `10.20.${user.id % 250}.${(user.id >> 8) % 250}`,
    });
  }
  const fileOf = (url: string) => /^\/uploads\/avatar\/([^?]+)\?v=\d+$/.exec(url)![1]!;
  const stored = (id: number) =>
    t.db.user.findUniqueOrThrow({
      where: { id },
      select: { avatarFile: true, avatarVersion: true },
    });

  it('converts a PNG to a WebP at most 600 px wide, served statically with long caching', async () => {
    const user = await createUser(t.db);
    const res = await upload(
      user,
      multipart(await makeImage(1500, 1000, 'png'), 'moi.png', 'image/png'),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Photo de profil mise à jour avec succès !');
    expect(body.profile_picture).toMatch(
      new RegExp(`^/uploads/avatar/${user.id}-[\\w-]+\\.webp\\?v=1$`),
    );

    const served = await t.app.inject({ method: 'GET', url: body.profile_picture });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=2592000');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 600, height: 400 });

    // The profile shows the same URL.
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/users/by-username/${user.username}`,
    });
    expect(profile.json().profile_picture).toBe(body.profile_picture);

    // The base64 fallback serves the same bytes.
    const fallback = await t.app.inject({
      method: 'GET',
      url: `/api/users/avatar/${fileOf(body.profile_picture)}`,
    });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json().mime).toBe('image/webp');
    expect(Buffer.from(fallback.json().data, 'base64').equals(served.rawPayload)).toBe(true);
  });

  it('turns a photo upright from its EXIF orientation and strips the EXIF', async () => {
    const user = await createUser(t.db);
    const res = await upload(
      user,
      multipart(await makeJpegWithExif(900, 300), 'p.jpg', 'image/jpeg'),
    );
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().profile_picture });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 900 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('replaces the previous file and bumps the version; delete goes back to the default', async () => {
    const user = await createUser(t.db);
    const first = (
      await upload(user, multipart(await makeImage(50, 50, 'webp'), 'a.webp', 'image/webp'))
    ).json();
    const second = (
      await upload(user, multipart(await makeImage(60, 60, 'jpeg'), 'b.jpeg', 'image/jpeg'))
    ).json();
    expect(first.profile_picture).toMatch(/\?v=1$/);
    expect(second.profile_picture).toMatch(/\?v=2$/);
    expect(fileOf(second.profile_picture)).not.toBe(fileOf(first.profile_picture));
    expect((await t.app.inject({ method: 'GET', url: first.profile_picture })).statusCode).toBe(
      404,
    );
    expect((await stored(user.id)).avatarFile).toBe(fileOf(second.profile_picture));
    expect(existsSync(path.join(avatarDir, fileOf(first.profile_picture)))).toBe(false);
    expect(readdirSync(avatarDir).filter((f) => f.startsWith(`${user.id}-`))).toEqual([
      fileOf(second.profile_picture),
    ]);

    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/profile-picture',
      headers: await bearer(t.app, user, t.clock),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Photo de profil supprimée avec succès.' });
    expect(await stored(user.id)).toEqual({ avatarFile: null, avatarVersion: 3 });
    expect((await t.app.inject({ method: 'GET', url: second.profile_picture })).statusCode).toBe(
      404,
    );
    const fallback = await t.app.inject({
      method: 'GET',
      url: `/api/users/avatar/${fileOf(second.profile_picture)}`,
    });
    expect(fallback.statusCode).toBe(404);
  });

  it.each([
    [
      'a text file renamed .png',
      Buffer.from('juste du texte, pas une image'),
      'x.png',
      'image/png',
    ],
    [
      'an SVG declared as PNG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'x.png',
      'image/png',
    ],
    ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), 'x.jpg', 'image/jpeg'],
  ])('refuses %s with 415 and keeps the avatar', async (_label, bytes, name, type) => {
    const user = await createUser(t.db);
    const res = await upload(user, multipart(bytes, name, type));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(FORMAT);
    expect(await stored(user.id)).toEqual({ avatarFile: null, avatarVersion: 0 });
  });

  it('accepts a real image whatever its declared name and type', async () => {
    const user = await createUser(t.db);
    const res = await upload(
      user,
      multipart(await makeImage(20, 20, 'png'), 'doc.txt', 'text/plain'),
    );
    expect(res.statusCode).toBe(200);
  });

  it('refuses a decompression bomb with a French message, and stays up', async () => {
    const user = await createUser(t.db);
    const res = await upload(user, multipart(await makePngBomb(), 'bomb.png', 'image/png'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Image trop grande : 40 mégapixels au maximum.');
    expect(await stored(user.id)).toEqual({ avatarFile: null, avatarVersion: 0 });
    const after = await upload(
      user,
      multipart(await makeImage(10, 10, 'png'), 'ok.png', 'image/png'),
    );
    expect(after.statusCode).toBe(200);
  });

  it('refuses files over 5 MB with 413 and a missing file part with 400', async () => {
    const user = await createUser(t.db);
    const big = Buffer.concat([await makeImage(10, 10, 'png'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await upload(user, multipart(big, 'big.png', 'image/png'));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Fichier trop volumineux : 5 Mo maximum.');
    const wrongField = await upload(
      user,
      multipart(await makeImage(10, 10, 'png'), 'a.png', 'image/png', 'photo'),
    );
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Aucun fichier reçu.');
    expect(await stored(user.id)).toEqual({ avatarFile: null, avatarVersion: 0 });
  });

  it('needs a token to upload or delete', async () => {
    const body = multipart(await makeImage(10, 10, 'png'), 'a.png', 'image/png');
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/users/upload-profile-picture',
      ...body,
    });
    expect(up.statusCode).toBe(401);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/users/profile-picture' });
    expect(del.statusCode).toBe(401);
  });

  it('never serves a file outside the avatar folder', async () => {
    for (const file of [
      '..%2F..%2Fsecrets%2Fjwt-secret',
      '..%2Fsecrets',
      'x.webp',
      '1-abcdefgh.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/avatar/${file}` });
      expect(res.statusCode).toBe(404);
    }
    // The data folder also holds secrets: neither route may reach a file planted there.
    for (const url of [
      '/api/users/avatar/..%2F..%2Fplanted.txt',
      '/uploads/../planted.txt',
      '/uploads/avatar/..%2F..%2Fplanted.txt',
      '/uploads/%2e%2e/planted.txt',
      '/uploads/avatar/%2e%2e%2f%2e%2e%2fplanted.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      // 404 from the static route, or the SPA fallback (503 here: no web build in tests).
      expect(res.statusCode).not.toBe(200);
      expect(res.body).not.toContain(SECRET);
    }
  });
});
