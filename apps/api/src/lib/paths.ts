import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The application root: the folder whose package.json is the workspace's own ("munegu"). It
 * is found by walking up from this file, because the same code runs from src/ (tsx, vitest)
 * and from the bundled dist/main.js, at different depths. The root package.json is what both
 * the source tree and the container image (/app) hold; files only the source tree has (such as
 * pnpm-workspace.yaml) must not decide it, or the image cannot start.
 */
function isAppRoot(dir: string): boolean {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === 'munegu';
  } catch {
    return false;
  }
}

function findRepoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (isAppRoot(dir)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('Racine de l’application introuvable (package.json « munegu »).');
    dir = parent;
  }
}

export const REPO_ROOT = findRepoRoot();
export const API_ROOT = path.join(REPO_ROOT, 'apps', 'api');
