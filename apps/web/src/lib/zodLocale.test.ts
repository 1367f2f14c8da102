import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginSchema } from '@munegu/shared';

/**
 * The web app's forms validate with its own `zod` import and the shared schemas: importing the
 * shared package turns zod's French locale on for both (one zod instance in the bundle), so a
 * rule without a message of its own still speaks French in a form.
 */
describe('zod messages in the web app', () => {
  it('are French for rules that set no message', () => {
    void loginSchema; // the shared package is loaded, as in every page
    const tooShort = z.object({ pseudo: z.string().min(3) }).safeParse({ pseudo: 'a' });
    expect(tooShort.error?.issues[0]?.message).toMatch(/^Trop petit/);
    const wrongType = z.number().safeParse('12');
    expect(wrongType.error?.issues[0]?.message).toMatch(/^Entrée invalide/);
  });
});
