import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API's layering rules (docs/ARCHITECTURE.md, "Who may import whom"), checked on the
 * sources so that a shortcut fails the build rather than a review (the web's twin:
 * apps/web/src/app/boundaries.test.ts):
 * - routes (`*.routes.ts`) never import a repository or Prisma: they call a service;
 * - no file of a module imports ANOTHER module's repository: a module uses another through
 *   that module's services (wired by its factory, `<module>.module.ts`);
 * - Prisma (the generated client, `@prisma/*`) only in repositories and `db/`, besides the
 *   exceptions below, each with its reason;
 * - a repository is built (`fooRepository(db)`) only by its module's factory, once: the rest
 *   of the app receives it from there (seed/ excepted, as for Prisma).
 * Tests may reach into what they test; generated/ is Prisma's own output.
 */
const SRC = path.resolve(import.meta.dirname, '../src');

/** Places outside repositories and db/ that may import Prisma, and why. */
const PRISMA_ALLOWED: Record<string, string> = {
  'seed/':
    'reference and demo data written straight into the tables at start, before any module exists',
  'cli/':
    'operator commands (user create, role) run from a shell against the database, without the app',
};

interface Source {
  /** Path under src/, with '/' separators. */
  rel: string;
  text: string;
}

function sources(dir: string): Source[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'generated' ? [] : sources(full);
    if (!/\.ts$/.test(name) || /\.test\.ts$/.test(name)) return [];
    return [
      { rel: path.relative(SRC, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') },
    ];
  });
}

/** Every module specifier of static imports, re-exports and dynamic imports. */
function specifiers(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'([^']+)'/gm)].map(
    (m) => m[1]!,
  );
}

/** A relative specifier as a path under src/ ('modules/x/y.repository.ts'); others unchanged. */
function resolve(from: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  return path.posix.join(path.posix.dirname(from), spec).replace(/\.js$/, '.ts');
}

const isPrisma = (target: string) =>
  target.startsWith('generated/prisma') || target.startsWith('@prisma/');
const isRepository = (target: string) => /\.repository\.ts$/.test(target);
const moduleOf = (rel: string) => (rel.startsWith('modules/') ? rel.split('/')[1] : null);
const prismaAllowed = (rel: string) =>
  rel.startsWith('db/') ||
  isRepository(rel) ||
  Object.keys(PRISMA_ALLOWED).some((place) =>
    place.endsWith('/') ? rel.startsWith(place) : rel === place,
  );

const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** Calls of a repository factory (`carpoolRepository(db)`), not its definition. */
const repositoryBuilds = (text: string) =>
  [...withoutComments(text).matchAll(/(?<!function\s)\b([a-z]\w*Repository)\(/g)].map((m) => m[1]!);

/** Every broken rule, as 'file → import (rule)'. */
function violations(files: Source[]): string[] {
  const found: string[] = [];
  for (const { rel, text } of files) {
    for (const target of specifiers(text).map((spec) => resolve(rel, spec))) {
      const broken = (rule: string) => found.push(`${rel} → ${target} (${rule})`);
      if (rel.endsWith('.routes.ts') && (isRepository(target) || isPrisma(target)))
        broken('routes call services');
      const own = moduleOf(rel);
      if (own && isRepository(target) && moduleOf(target) !== own)
        broken("another module's repository");
      if (isPrisma(target) && !prismaAllowed(rel)) broken('Prisma outside repositories and db/');
    }
    if (rel.endsWith('.module.ts') || rel.startsWith('seed/')) continue;
    for (const name of repositoryBuilds(text))
      found.push(`${rel} → ${name}() (repositories are built by their module's factory)`);
  }
  return found;
}

describe('layering of the API', () => {
  const files = sources(SRC);

  it('reads the sources', () => {
    expect(files.some(({ rel }) => rel === 'modules/carpool/carpool.routes.ts')).toBe(true);
    expect(files.some(({ rel }) => rel.startsWith('generated/'))).toBe(false);
  });

  it('keeps routes, services and repositories in their layers', () => {
    expect(violations(files)).toEqual([]);
  });

  it('builds each repository once, in its module factory', () => {
    const builds = files
      .filter(({ rel }) => rel.endsWith('.module.ts'))
      .flatMap(({ text }) => repositoryBuilds(text));
    expect(builds.filter((name, i) => builds.indexOf(name) !== i)).toEqual([]);
    expect(builds).toContain('carpoolRepository');
  });

  it('lists only exceptions that still exist', () => {
    for (const place of Object.keys(PRISMA_ALLOWED)) {
      expect(
        files.some(({ rel }) => (place.endsWith('/') ? rel.startsWith(place) : rel === place)),
        place,
      ).toBe(true);
    }
  });

  // The rules can fail: the same check on copies of real files with a shortcut added.
  it('fails on a route that imports a repository or Prisma', () => {
    const route = files.find(({ rel }) => rel === 'modules/news/news.routes.ts')!;
    const mutated = [
      { ...route, text: `import { newsRepository } from './news.repository.js';\n${route.text}` },
      {
        rel: 'modules/news/other.routes.ts',
        text: "import type { Prisma } from '../../generated/prisma/client.js';",
      },
    ];
    expect(violations(mutated)).toEqual([
      'modules/news/news.routes.ts → modules/news/news.repository.ts (routes call services)',
      'modules/news/other.routes.ts → generated/prisma/client.ts (routes call services)',
      'modules/news/other.routes.ts → generated/prisma/client.ts (Prisma outside repositories and db/)',
    ]);
  });

  it("fails on a service that imports another module's repository or Prisma", () => {
    const service = files.find(({ rel }) => rel === 'modules/carpool/relations.service.ts')!;
    const mutated = {
      ...service,
      text: [
        "import { messagesRepository } from '../messages/messages.repository.js';",
        "import { Prisma } from '@prisma/client';",
        service.text,
      ].join('\n'),
    };
    expect(violations([mutated])).toEqual([
      "modules/carpool/relations.service.ts → modules/messages/messages.repository.ts (another module's repository)",
      'modules/carpool/relations.service.ts → @prisma/client (Prisma outside repositories and db/)',
    ]);
    const building = { rel: 'realtime/x.ts', text: 'const callers = callerRepository(db);' };
    expect(violations([building])).toEqual([
      "realtime/x.ts → callerRepository() (repositories are built by their module's factory)",
    ]);
  });
});
