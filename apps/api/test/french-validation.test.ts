import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';

/**
 * The plain French zod messages (packages/shared/src/zod-locale.ts): a field whose schema sets no message
 * of its own (here the `:id` of GET /api/club/:id) is still refused in French.
 */
const t = useTestApp();

const ENGLISH = /\b(Invalid|expected|received|Too (small|big)|must be)\b/i;
/** zod's own French locale: type names and symbols nobody reads ('chaîne … doit avoir <=300'). */
const MACHINE = /Trop (petit|grand)|attendu|reçu|chaîne de caractères|[<>]=?\d/;

describe('validation messages the schemas do not set', () => {
  it('are French in the API’s 400 answers', async () => {
    for (const [url, french] of [
      ['/api/club/0', /^La valeur doit être supérieure à 0\.$/],
      ['/api/club/abc', /^Valeur invalide\.$/],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      const body = JSON.stringify(res.json());
      expect(res.json().message, body).toMatch(french);
      expect(body).not.toMatch(ENGLISH);
      expect(body).not.toMatch(MACHINE);
    }
  });
});
