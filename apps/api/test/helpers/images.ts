import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A solid-colour image made by sharp, so tests need no binary fixtures. */
export function makeImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#e2001a' } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying EXIF (orientation 6 = rotate 90° to display, plus a copyright and GPS-like tag). */
export function makeJpegWithExif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'Jean Test' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * A decompression bomb: a valid 1×1 PNG whose header is rewritten to declare width×height
 * (CRC fixed), the way a hostile upload tiny on disk claims billions of pixels.
 */
export async function makePngBomb(width = 50_000, height = 50_000): Promise<Buffer> {
  const png = Buffer.from(await makeImage(1, 1, 'png'));
  // Signature (8) then the IHDR chunk: length (4), 'IHDR' (4), width (4), height (4), ...
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
