import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Each benchmark rewrites its own section of docs/QUALITY.md between its two markers
// (bench/lib/quality-report.ts). A hand edit that loses a marker made `pnpm bench web`
// append a second web section twice already: the markers must pair up, in order, once each.
const quality = readFileSync(new URL('../../docs/QUALITY.md', import.meta.url), 'utf8');

describe('docs/QUALITY.md section markers', () => {
  it('opens and closes every section once, without nesting', () => {
    const markers = [...quality.matchAll(/<!-- (BEGIN|END) ([\w-]+) -->/g)].map(
      ([, kind, id]) => `${kind} ${id}`,
    );
    const ids = markers.filter((m) => m.startsWith('BEGIN ')).map((m) => m.slice(6));
    expect(new Set(ids).size).toBe(ids.length);
    expect(markers).toEqual(ids.flatMap((id) => [`BEGIN ${id}`, `END ${id}`]));
    expect(ids).toEqual(expect.arrayContaining(['web', 'security', 'api', 'data']));
  });
});
