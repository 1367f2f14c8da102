import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeImage, makeJpegWithExif, makePngBomb } from '../../test/helpers/images.js';
import { AppError } from './errors.js';
import { sniffImageFormat, toAvatarWebp } from './images.js';

const FORMAT = 'Format de fichier non autorisé. Formats acceptés : PNG, JPG, JPEG, WEBP.';

async function refusal(bytes: Buffer): Promise<AppError> {
  const error = await toAvatarWebp(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('toAvatarWebp', () => {
  it.each(['png', 'jpeg', 'webp'] as const)(
    'turns a %s into a WebP at most 600 px wide',
    async (format) => {
      const out = await toAvatarWebp(await makeImage(1200, 800, format));
      const meta = await sharp(out).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 600, height: 400 });
    },
  );

  it('never enlarges a small image', async () => {
    const meta = await sharp(await toAvatarWebp(await makeImage(120, 90, 'png'))).metadata();
    expect(meta).toMatchObject({ width: 120, height: 90 });
  });

  it('applies the EXIF orientation then drops every metadata block', async () => {
    const input = await makeJpegWithExif(800, 400);
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif).toBeDefined();
    expect(inputMeta.orientation).toBe(6);

    const out = await toAvatarWebp(input);
    const meta = await sharp(out).metadata();
    // Rotated upright (400×800), then within 600 px wide: unchanged.
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(out.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('judges by the bytes: text, SVG or GIF are refused with the 415 format message', async () => {
    for (const bytes of [
      Buffer.from('ceci est un fichier texte renommé en .png'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
        .gif()
        .toBuffer(),
    ]) {
      const error = await refusal(bytes);
      expect(error.status).toBe(415);
      expect(error.message).toBe(FORMAT);
    }
  });

  it('refuses a PNG signature followed by garbage', async () => {
    const png = await makeImage(10, 10, 'png');
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    expect((await refusal(broken)).status).toBe(415);
  });

  it('refuses a decompression bomb without decoding it', async () => {
    const bomb = await makePngBomb();
    expect(bomb.length).toBeLessThan(1000);
    const started = Date.now();
    const error = await refusal(bomb);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Image trop grande : 40 mégapixels au maximum.');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('sniffs only the three accepted signatures', async () => {
    expect(sniffImageFormat(await makeImage(2, 2, 'jpeg'))).toBe('jpeg');
    expect(sniffImageFormat(await makeImage(2, 2, 'webp'))).toBe('webp');
    expect(sniffImageFormat(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
  });
});
