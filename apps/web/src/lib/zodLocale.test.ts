import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginSchema } from '@munegu/shared';

/**
 * The web app's forms validate with its own `zod` import and the shared schemas: importing the
 * shared package turns the shared plain French messages on for both (one zod instance in the bundle), so a
 * rule without a message of its own still speaks French in a form.
 */
describe('zod messages in the web app', () => {
  it('are French for rules that set no message', () => {
    void loginSchema; // the shared package is loaded, as in every page
    const tooShort = z.object({ pseudo: z.string().min(3) }).safeParse({ pseudo: 'a' });
    expect(tooShort.error?.issues[0]?.message).toBe('3 caractères au minimum.');
    const wrongType = z.number().safeParse('12');
    expect(wrongType.error?.issues[0]?.message).toBe('Valeur invalide.');
  });

  it('read as plain French, without type names, symbols or patterns', () => {
    void loginSchema;
    const message = (schema: z.ZodType, value: unknown) =>
      schema.safeParse(value).error?.issues[0]?.message;
    expect(message(z.string().max(300), 'x'.repeat(301))).toBe('300 caractères au maximum.');
    expect(message(z.string().min(1), '')).toBe('Ce champ est obligatoire.');
    expect(message(z.object({ a: z.string() }), {})).toBe('Ce champ est obligatoire.');
    expect(message(z.number().int().min(1), 0)).toBe(
      'La valeur doit être supérieure ou égale à 1.',
    );
    expect(message(z.number().positive(), 0)).toBe('La valeur doit être supérieure à 0.');
    expect(message(z.array(z.number()).max(1), [1, 2])).toBe('1 élément au maximum.');
    expect(message(z.email(), 'nope')).toBe('Adresse e-mail invalide.');
    expect(message(z.string().regex(/^a+$/), 'b')).toBe('Format invalide.');
    expect(message(z.enum(['A', 'B']), 'C')).toBe('Choix invalide.');
    expect(message(z.strictObject({}), { x: 1 })).toBe('Champ inconnu : x.');
  });
});
