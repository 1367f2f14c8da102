#!/usr/bin/env node
// Writes a .br (brotli, quality 11) and a .gz (gzip -9) beside every compressible file of a
// built folder (the web app's dist/), so the server sends them as they are (@fastify/static
// `preCompressed`) instead of compressing the same bytes on every request.
//   node scripts/precompress.mjs apps/web/dist
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;
const [dir] = process.argv.slice(2);
if (!dir) {
  process.stderr.write('Usage: node scripts/precompress.mjs <dossier>\n');
  process.exit(2);
}

let raw = 0;
let brotli = 0;
for (const entry of readdirSync(dir, { recursive: true })) {
  const file = path.join(dir, String(entry));
  if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  raw += bytes.length;
  brotli += br.length;
}
process.stdout.write(
  `précompression : ${(raw / 1024).toFixed(0)} kB → ${(brotli / 1024).toFixed(0)} kB (brotli)\n`,
);
