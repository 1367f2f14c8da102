// Writes apps/web/public/cartes_france/departements.json from the DEPARTMENTS list, so the
// web lookup and the Department table come from one list. Run after editing the list:
//   npx tsx apps/api/src/seed/write-departments-json.ts
// (the seed test fails while the committed JSON and the list disagree).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { departmentsLookup } from './departments.js';

export const DEPARTMENTS_JSON_PATH = fileURLToPath(
  new URL('../../../web/public/cartes_france/departements.json', import.meta.url),
);

export function departmentsJson(): string {
  return `${JSON.stringify(departmentsLookup(), null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(DEPARTMENTS_JSON_PATH, departmentsJson());
  console.log(`wrote ${DEPARTMENTS_JSON_PATH}`);
}
