import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/lib/paths.js';

/**
 * Nothing a visitor reads may be a placeholder: no page of the web app (its source, and its
 * build when there is one), no mail the API writes, no text the two share says 'à configurer'
 * or links to an example domain. What the operator fills in comes from GET /api/site and the
 * administration screens, shown only once filled (modules/administration/site-info.test.ts).
 */
const PLACEHOLDER = /à configurer|[\w-]\.example\b|\bexample\.(?:com|org|net)\b/i;
const TEXT = /\.(?:tsx?|css|html|js|json|webmanifest|svg)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'test', 'generated', 'cartes_france']);
const isTestFile = (name: string) => /\.test\.tsx?$|\.spec\.tsx?$/.test(name);

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : files(full);
    return TEXT.test(name) && !isTestFile(name) ? [full] : [];
  });
}

/** Each file holding a placeholder, with the line that does. */
function placeholders(paths: string[]): string[] {
  return paths.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        PLACEHOLDER.test(line)
          ? [`${path.relative(REPO_ROOT, file)}:${i + 1}: ${line.trim().slice(0, 120)}`]
          : [],
      ),
  );
}

const web = path.join(REPO_ROOT, 'apps', 'web');

describe('no placeholder reaches a page or a mail', () => {
  it('recognises what it looks for', () => {
    for (const bad of [
      'Hébergeur à configurer',
      'https://billetterie.example/as-monaco',
      'contact@munegu.example',
      'https://www.example.com/x',
    ])
      expect(bad).toMatch(PLACEHOLDER);
    for (const fine of ['https://www.asmonaco.com/billetterie', 'Par exemple des scores'])
      expect(fine).not.toMatch(PLACEHOLDER);
  });

  it('in the web app’s pages, components and static files', () => {
    const sources = [
      ...files(path.join(web, 'src')),
      ...files(path.join(web, 'public')),
      path.join(web, 'index.html'),
    ];
    expect(sources.length).toBeGreaterThan(100);
    expect(placeholders(sources)).toEqual([]);
  });

  it('in the texts shared by web and API', () => {
    expect(placeholders(files(path.join(REPO_ROOT, 'packages', 'shared', 'src')))).toEqual([]);
  });

  it('in the API: its mails, its answers and the demo data', () => {
    const sources = files(path.join(REPO_ROOT, 'apps', 'api', 'src'));
    expect(sources.some((f) => f.endsWith('.mail.ts'))).toBe(true);
    expect(sources.some((f) => f.endsWith(path.join('lib', 'mail', 'templates.ts')))).toBe(true);
    expect(placeholders(sources)).toEqual([]);
  });

  it.runIf(existsSync(path.join(web, 'dist', 'index.html')))('in the built web app', () => {
    expect(placeholders(files(path.join(web, 'dist')))).toEqual([]);
  });
});
