import { LIMITS, USER_MESSAGES } from '@munegu/shared';
import sharp from 'sharp';
import { AppError } from './errors.js';

/**
 * Avatar processing. The format is judged by the file's own bytes (magic number, then what
 * libvips reads), never by the name or the declared mime type, which the client controls.
 */

/** A decompression bomb (a tiny file declaring 50000×50000) is refused before any decoding. */
export const MAX_INPUT_PIXELS = 40_000_000;

export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** The format announced by the first bytes, or null for anything we do not accept. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

const formatError = () => new AppError('UNSUPPORTED_MEDIA', USER_MESSAGES.avatarFormat);

/**
 * PNG/JPEG/WebP bytes → a WebP at most 600 px wide (never enlarged), quality 80, turned upright
 * from its EXIF orientation, with every metadata block dropped (sharp keeps none unless asked,
 * which also removes GPS positions from phone photos). Throws AppError 415 for anything that is
 * not a readable image of an accepted format, 400 beyond MAX_INPUT_PIXELS.
 */
export async function toAvatarWebp(bytes: Buffer): Promise<Buffer> {
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) throw formatError();
  // failOn 'error': a truncated or corrupt file is refused instead of half decoded.
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  let meta: sharp.Metadata;
  try {
    // Header only (no pixel is decoded), without the pixel limit so the size can be reported.
    meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw formatError();
  }
  if (meta.format !== sniffed || !meta.width || !meta.height) throw formatError();
  // metadata() only reads the header; check the declared size before decoding a single pixel.
  if (meta.width * meta.height > MAX_INPUT_PIXELS)
    throw new AppError('VALIDATION', USER_MESSAGES.avatarTooManyPixels);
  try {
    return await sharp(bytes, options)
      .rotate()
      .resize({ width: LIMITS.avatar.maxWidth, withoutEnlargement: true })
      .webp({ quality: LIMITS.avatar.webpQuality })
      .toBuffer();
  } catch {
    throw formatError();
  }
}
