import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The monorepo root, found by walking up to pnpm-workspace.yaml. The same code runs from
 * src/ (tsx, vitest) and from the bundled dist/main.js, whose depths differ, so a fixed
 * number of '..' would break one of them.
 */
function findRepoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Racine du dépôt introuvable (pnpm-workspace.yaml).');
    dir = parent;
  }
}

export const REPO_ROOT = findRepoRoot();
export const API_ROOT = path.join(REPO_ROOT, 'apps', 'api');
