import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { createClub, createUser } from '../helpers/factories.js';
import { makeHugePng, makeImage, multipartFile } from '../helpers/images.js';

/**
 * Every image upload goes through one pipeline (lib/images.ts + lib/uploads.ts). The upload
 * routes are found in the route table (routes consuming multipart/form-data), so a new one —
 * news or contest images — is covered without touching this file.
 */
let t: TestApp;
let admin: { authorization: string };
let uploadRoutes: string[] = [];
let clubId: number;

const multipart = multipartFile;

beforeAll(async () => {
  t = await createTestApp();
  admin = await bearer(t.app, await createUser(t.db, { role: 'ADMIN' }), t.clock);
  clubId = (await createClub(t.db)).id;
  uploadRoutes = t.app.routeTable
    .filter((r) => r.consumes.includes('multipart/form-data'))
    .map((r) => r.url.replace(/:[^/]+/g, String(clubId)));
});
afterAll(() => t.close());

async function upload(url: string, body: ReturnType<typeof multipart>) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...admin },
  });
}

describe('every image upload route', () => {
  it('is found in the route table', () => {
    expect(uploadRoutes).toEqual(
      expect.arrayContaining([
        '/api/users/upload-profile-picture',
        `/api/admin/clubs/${clubId}/logo`,
        '/api/concours/image',
      ]),
    );
  });

  it('refuses a complete 16 000 × 16 000 PNG before decoding it', async () => {
    const huge = makeHugePng();
    expect(huge.length).toBeLessThan(200_000);
    expect(await sharp(huge, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 16_000,
      height: 16_000,
    });
    const rssBefore = process.memoryUsage().rss;
    for (const url of uploadRoutes) {
      const res = await upload(url, multipart(huge, 'huge.png', 'image/png'));
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe('Image trop grande : 40 mégapixels au maximum.');
    }
    // Decoding it would take 256 MB of pixels at least.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);
  });

  it('refuses what is not an image (415), and files over the byte cap (413), in French', async () => {
    for (const url of uploadRoutes) {
      const text = await upload(url, multipart(Buffer.from('pas une image'), 'x.png', 'image/png'));
      expect(text.statusCode, url).toBe(415);
      expect(text.json().message, url).toMatch(/^Format de fichier non autorisé/);
      const big = await upload(
        url,
        multipart(Buffer.alloc(9 * 1024 * 1024, 1), 'big.png', 'image/png'),
      );
      expect(big.statusCode, url).toBe(413);
      expect(big.json().message, url).toMatch(/^Fichier trop volumineux : \d+ Mo maximum\.$/);
    }
  });

  it('stores a re-encoded WebP without metadata', async () => {
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#e2001a' },
    })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Jean Test' } })
      .toBuffer();
    for (const url of uploadRoutes) {
      const res = await upload(url, multipart(photo, 'p.jpg', 'image/jpeg'));
      expect(res.statusCode, url).toBe(200);
      const body = res.json() as { profile_picture?: string; logo?: string; image?: string };
      const path = (body.profile_picture ?? body.logo ?? body.image ?? '').split('?')[0]!;
      const stored = await t.app.inject({ url: path });
      expect(stored.statusCode, path).toBe(200);
      const meta = await sharp(stored.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
    expect(await makeImage(1, 1, 'png')).toBeInstanceOf(Buffer);
  });
});
