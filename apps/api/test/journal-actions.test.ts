import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { JOURNAL_ACTIONS } from '@munegu/shared';
import { describe, expect, it } from 'vitest';

/**
 * Every audit action the API writes has its French sentence in packages/shared journal.ts, so
 * the journal never shows a raw 'x.y' name. Read from the sources, as layering.test.ts does:
 * in every file that mentions the audit log, each quoted dotted name ('user.role',
 * 'moderation.user.silence') is taken for an action, unless listed below as something else.
 */
const SRC = path.resolve(import.meta.dirname, '../src');

/** Dotted names in those files that are not audit actions, and what they are. */
const NOT_ACTIONS: Record<string, string> = {
  'partner.code': 'a site setting key (administration/site.service.ts)',
  'partner.url': 'a site setting key (administration/site.service.ts)',
  'req.headers.authorization': 'a log redaction path (app.ts)',
  'req.headers.cookie': 'a log redaction path (app.ts)',
  'demo.journal-seeded': 'the seed marker of the demo journal (seed/demo-journal.ts)',
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'generated' ? [] : files(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

/** Each quoted dotted name of the files that mention the audit log, with where it is. */
function writtenActions(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files(SRC)) {
    const text = readFileSync(file, 'utf8');
    if (!/audit/i.test(text)) continue;
    for (const [, name] of text.matchAll(/'([a-z][a-z-]*(?:\.[a-z][a-z-]*)+)'/g))
      if (!found.has(name!)) found.set(name!, path.relative(SRC, file));
  }
  return found;
}

describe('journal sentences', () => {
  it('has one for every audit action written in the API', () => {
    const written = writtenActions();
    // The scan finds what it should: a few actions known to be written, from several modules.
    for (const known of ['user.role', 'match.score', 'news.delete', 'moderation.user.suspend'])
      expect(written.has(known), known).toBe(true);
    const missing = [...written]
      .filter(([name]) => !(name in JOURNAL_ACTIONS) && !(name in NOT_ACTIONS))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing, 'actions without a sentence in packages/shared/src/journal.ts').toEqual([]);
  });

  it('includes the sanctions written by the moderation workspace', () => {
    for (const action of ['moderation.user.silence', 'moderation.user.warn'])
      expect(action in JOURNAL_ACTIONS).toBe(true);
  });
});
