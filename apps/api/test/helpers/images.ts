import { crc32, deflateSync } from 'node:zlib';
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

/**
 * A complete, valid PNG of width×height (1-bit grayscale, all black): every row is really
 * there, compressed to a few tens of kilobytes. This is the decompression bomb a careless
 * decoder expands to hundreds of megabytes (16 000 × 16 000 → 256 megapixels).
 */
export function makeHugePng(width = 16_000, height = 16_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grayscale
  // One filter byte then width/8 bytes per row, streamed through one deflate context.
  const row = Buffer.alloc(1 + Math.ceil(width / 8));
  const rows = Buffer.alloc(row.length * height);
  const idat = deflateSync(rows, { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(bytes: Buffer, filename: string, type: string, field = 'file') {
  const boundary = `----munegu${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
