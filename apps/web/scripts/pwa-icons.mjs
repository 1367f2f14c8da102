#!/usr/bin/env node
// Draws the installable app's icons from the Munegu shield (components/ui/Logo.tsx and
// public/favicon.svg) and writes them to public/:
//   pwa-192.png, pwa-512.png                   purpose "any": the shield on a white tile
//   pwa-maskable-192.png, pwa-maskable-512.png purpose "maskable": full-bleed white, the shield
//                                              inside the central 80% circle (the safe zone
//                                              every launcher's mask keeps)
//   apple-touch-icon.png (180)                 iOS home screen (opaque, iOS rounds it itself)
//   favicon.ico (16, 32, 48)                   for browsers and tools that ask for /favicon.ico
//   pwa-icon.svg                               the drawing itself, for reference
// Run: node apps/web/scripts/pwa-icons.mjs (the PNGs are committed; run again after a change).
// sharp is the API's image library (apps/api/src/lib/images.ts); the script borrows it rather
// than adding a second copy to the web app.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pub = path.join(here, '..', 'public');
const sharp = createRequire(path.join(here, '..', '..', 'api', 'package.json'))('sharp');

// Colours of src/styles/tokens.css: --red, --white, --ink.
const RED = '#e2001a';
const WHITE = '#ffffff';
const INK = '#16181d';

/** The shield in a 64×64 box: red top with a white M, white bottom, ink outline. */
const SHIELD = `
  <path d="M32 3 57 12v19c0 15-10.5 25.5-25 30C17.5 56.5 7 46 7 31V12z" fill="${RED}"/>
  <path d="M7 31h50c0 15-10.5 25.5-25 30C17.5 56.5 7 46 7 31z" fill="${WHITE}"/>
  <path d="M21.5 27V12.5h4.6L32 19.8l5.9-7.3h4.6V27h-4.2v-8.2L32 26.2l-6.3-7.4V27z" fill="${WHITE}"/>
  <path d="M32 3 57 12v19c0 15-10.5 25.5-25 30C17.5 56.5 7 46 7 31V12z" fill="none"
        stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>`;

/**
 * The shield drawn in a size×size icon: `scale` is the shield box's share of the icon's side,
 * on an optional background (`radius` rounds the tile; 0 = full bleed).
 */
function icon({ size, scale, background, radius = 0 }) {
  const box = size * scale;
  const offset = (size - box) / 2;
  const tile = background
    ? `<rect width="${size}" height="${size}" rx="${radius * size}" fill="${background}"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  ${tile}
  <g transform="translate(${offset} ${offset}) scale(${box / 64})">${SHIELD}</g>
</svg>`;
}

const png = (svg) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();

/** An .ico holding PNG images (supported by every browser since Windows Vista's format). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const { size, data } of images) {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0);
    e.writeUInt8(size >= 256 ? 0 : size, 1);
    e.writeUInt8(0, 2); // no palette
    e.writeUInt8(0, 3);
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    entries.push(e);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

const out = (name, data) => {
  writeFileSync(path.join(pub, name), data);
  console.log(`${name} (${data.length} octets)`);
};

// "any": a white rounded tile, the shield filling most of it.
for (const size of [192, 512])
  out(`pwa-${size}.png`, await png(icon({ size, scale: 0.84, background: WHITE, radius: 0.2 })));
// "maskable": the safe zone is the centred circle of radius 40% of the side. The shield's
// farthest drawn points (its top corners, with the outline) are 33.5 of its 64 units from the
// centre, so a 0.72 box keeps them within 0.377 of the side: inside, with a margin.
for (const size of [192, 512])
  out(`pwa-maskable-${size}.png`, await png(icon({ size, scale: 0.72, background: WHITE })));
out('apple-touch-icon.png', await png(icon({ size: 180, scale: 0.78, background: WHITE })));
const favicons = [];
for (const size of [16, 32, 48]) favicons.push({ size, data: await png(icon({ size, scale: 1 })) });
out('favicon.ico', ico(favicons));
out('pwa-icon.svg', Buffer.from(icon({ size: 512, scale: 0.84, background: WHITE, radius: 0.2 })));
