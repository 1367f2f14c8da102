import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * The API tiers run their files without isolation (vitest.shared.ts: `isolate: false`): the
 * files of a worker share its modules. A module mock or a stubbed global or variable would then
 * leak into the files that follow, which pass or fail by the order they happen to run in.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const LEAKING = /\bvi\.(mock|doMock|stubGlobal|stubEnv|hoisted)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

it('no API test mocks a module or stubs a global: its files share their modules', () => {
  const files = [...testFiles(path.join(ROOT, 'src')), ...testFiles(path.join(ROOT, 'test'))];
  expect(files.length).toBeGreaterThan(100);
  const leaking = files
    .filter((file) => file !== import.meta.filename && LEAKING.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(ROOT, file));
  expect(leaking).toEqual([]);
});
