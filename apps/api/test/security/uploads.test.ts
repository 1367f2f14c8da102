import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { createClub, createUser } from '../helpers/factories.js';
import { makeHugePng, makeImage, makePngBomb, multipartFile } from '../helpers/images.js';

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

  it('refuses markup renamed .png, pixel bombs and truncated files with a 4xx, storing nothing', async () => {
    const png = await makeImage(64, 64, 'png');
    const jpeg = await makeImage(64, 64, 'jpeg');
    const hostile: [string, Buffer, string][] = [
      ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png'],
      [
        'SVG',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        'image/png',
      ],
      [
        'SVG as svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>'),
        'image/svg+xml',
      ],
      // PNG and JPEG signatures followed by markup: what sniffs as an image, isn't one.
      [
        'PNG magic + HTML',
        Buffer.concat([png.subarray(0, 16), Buffer.from('<script>alert(1)</script>')]),
        'image/png',
      ],
      [
        'JPEG magic + HTML',
        Buffer.concat([jpeg.subarray(0, 4), Buffer.from('<html><script>x</script>')]),
        'image/jpeg',
      ],
      ['PNG bomb 20 000 × 20 000', await makePngBomb(20_000, 20_000), 'image/png'],
      ['JPEG bomb 20 000 × 20 000', jpegDeclaring(jpeg, 20_000, 20_000), 'image/jpeg'],
      ['truncated PNG', png.subarray(0, Math.floor(png.length / 2)), 'image/png'],
      ['truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg'],
      ['empty file', Buffer.alloc(0), 'image/png'],
    ];
    const before = await storedFiles();
    for (const url of uploadRoutes)
      for (const [what, bytes, type] of hostile) {
        const res = await upload(url, multipart(bytes, 'photo.png', type));
        expect([400, 413, 415], `${url} ${what}: ${res.body}`).toContain(res.statusCode);
        expect(res.json().message, `${url} ${what}`).toMatch(/^[A-ZÉ][^.]*[a-zé]/);
      }
    expect(await storedFiles()).toEqual(before);
  });

  it('stores a valid image with markup appended as a clean WebP, and drops GPS EXIF', async () => {
    // A real PNG with an HTML page after its IEND (a polyglot): re-encoding keeps pixels only.
    const polyglot = Buffer.concat([
      await makeImage(64, 64, 'png'),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const located = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#ffffff' },
    })
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Jean Test' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '43/1 44/1 2400/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '7/1 24/1 5400/100',
        },
      })
      .toBuffer();
    // The photo sent does carry a GPS IFD (EXIF tag 0x8825, written little- or big-endian).
    const exif = (await sharp(located).metadata()).exif!;
    expect(
      exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])),
    ).toBe(true);
    for (const url of uploadRoutes)
      for (const [file, type] of [
        [polyglot, 'image/png'],
        [located, 'image/jpeg'],
      ] as const) {
        const res = await upload(url, multipart(file, 'photo.png', type));
        expect(res.statusCode, url).toBe(200);
        const body = res.json() as { profile_picture?: string; logo?: string; image?: string };
        const stored = await t.app.inject({
          url: (body.profile_picture ?? body.logo ?? body.image ?? '').split('?')[0]!,
        });
        expect(stored.statusCode).toBe(200);
        expect(stored.headers['content-type']).toBe('image/webp');
        const meta = await sharp(stored.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(stored.rawPayload.includes(Buffer.from('<script'))).toBe(false);
      }
  });
});

/** Every file under the uploads folder, relative. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'uploads');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** A small real JPEG whose frame header (SOF0) is rewritten to declare width × height. */
function jpegDeclaring(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i < out.length - 9; i++) {
    if (out[i] === 0xff && out[i + 1] !== undefined && out[i + 1]! >= 0xc0 && out[i + 1]! <= 0xc2) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
      return out;
    }
  }
  throw new Error('no SOF marker');
}
