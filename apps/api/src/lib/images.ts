import {
  CLUB_LOGO_MAX_BYTES,
  CONTEST_IMAGE_MAX_BYTES,
  LIMITS,
  MATCH_TEXTS,
  USER_TEXTS,
} from '@munegu/shared';
import sharp from 'sharp';
import { AppError } from './errors.js';

/**
 * Image uploads. The format is judged by the file's own bytes (magic number, then what
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

/**
 * What each kind of upload becomes. Every image upload of the product (avatars, club crests,
 * news and contest images) goes through `reencodeImage` with one of these: a byte cap applied
 * while reading (lib/uploads.ts), the format sniffed from the bytes, the pixel cap checked on the
 * header before any decoding, metadata dropped, re-encoded to WebP by sharp.
 */
export interface ImageProfile {
  maxBytes: number;
  resize: sharp.ResizeOptions;
  quality: number;
  /** French messages of this upload (format refused, too many pixels). */
  formatMessage: string;
  pixelsMessage: string;
}

/** News and contest visuals: wide images, shown in cards and popups. */
const NEWS_IMAGE: ImageProfile = {
  maxBytes: CONTEST_IMAGE_MAX_BYTES,
  resize: { width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true },
  quality: 82,
  formatMessage: USER_TEXTS.avatarFormat,
  pixelsMessage: USER_TEXTS.avatarTooManyPixels,
};

export const IMAGE_PROFILES = {
  avatar: {
    maxBytes: 5 * 1024 * 1024,
    resize: { width: LIMITS.avatar.maxWidth, withoutEnlargement: true },
    quality: LIMITS.avatar.webpQuality,
    formatMessage: USER_TEXTS.avatarFormat,
    pixelsMessage: USER_TEXTS.avatarTooManyPixels,
  },
  clubLogo: {
    maxBytes: CLUB_LOGO_MAX_BYTES,
    resize: { width: 512, height: 512, fit: 'inside', withoutEnlargement: true },
    quality: 90,
    formatMessage: MATCH_TEXTS.logoFormat,
    pixelsMessage: USER_TEXTS.avatarTooManyPixels,
  },
  news: NEWS_IMAGE,
  contest: NEWS_IMAGE,
} satisfies Record<string, ImageProfile>;
export type ImageProfileName = keyof typeof IMAGE_PROFILES;

/**
 * PNG/JPEG/WebP bytes → WebP per `profile`, turned upright from its EXIF orientation, with
 * every metadata block dropped (sharp keeps none unless asked, which also removes GPS positions
 * from phone photos). Throws AppError 415 for anything that is not a readable image of an
 * accepted format, 400 beyond MAX_INPUT_PIXELS (checked on the header, before decoding).
 */
export async function reencodeImage(bytes: Buffer, name: ImageProfileName): Promise<Buffer> {
  const profile: ImageProfile = IMAGE_PROFILES[name];
  const formatError = () => new AppError('UNSUPPORTED_MEDIA', profile.formatMessage);
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
  if (meta.width * meta.height > MAX_INPUT_PIXELS)
    throw new AppError('VALIDATION', profile.pixelsMessage);
  try {
    return await sharp(bytes, options)
      .rotate()
      .resize(profile.resize)
      .webp({ quality: profile.quality })
      .toBuffer();
  } catch {
    throw formatError();
  }
}

/** The avatar profile (kept for the avatar tests and callers). */
export const toAvatarWebp = (bytes: Buffer) => reencodeImage(bytes, 'avatar');
