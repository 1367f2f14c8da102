// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app's layering rules (docs/ARCHITECTURE.md, "Where a new piece goes"), checked on
 * the sources so a shortcut fails the build rather than a review:
 * - a feature reaches another feature only through that feature's index.ts, and the app shell
 *   also through its prefetch.ts (route loaders' reads, without the feature's components);
 * - components/ui, lib and config never import from features or from the app shell.
 * Tests may reach into what they test.
 */
const SRC = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from '(\.[^']+)'/g)].map((m) =>
    path.relative(SRC, path.resolve(path.dirname(file), m[1]!)),
  );
}

const area = (relative: string) => relative.split(path.sep);

describe('layering of the web app', () => {
  const files = sources(SRC).map((file) => ({ file, rel: path.relative(SRC, file) }));

  it('reads the sources', () => {
    expect(
      files.some(({ rel }) => rel === path.join('features', 'home', 'pages', 'HomePage.tsx')),
    ).toBe(true);
  });

  it('lets features reach each other only through their index.ts', () => {
    const deep: string[] = [];
    for (const { file, rel } of files) {
      const [top, feature] = area(rel);
      for (const target of imports(file)) {
        const [tTop, tFeature, ...rest] = area(target);
        if (tTop !== 'features') continue;
        if (top === 'features' && tFeature === feature) continue;
        const entry = top === 'app' ? ['index', 'prefetch'] : ['index'];
        if (rest.length > 0 && !(rest.length === 1 && entry.includes(rest[0]!))) {
          deep.push(`${rel} → ${target}`);
        }
      }
    }
    expect(deep).toEqual([]);
  });

  it('keeps the shared layers free of features and of the app shell', () => {
    const upward: string[] = [];
    for (const { file, rel } of files) {
      const [top] = area(rel);
      if (top !== 'components' && top !== 'lib' && top !== 'config') continue;
      for (const target of imports(file)) {
        const [tTop] = area(target);
        if (tTop === 'features' || tTop === 'app') upward.push(`${rel} → ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
