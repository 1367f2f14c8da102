import { randomUUID } from 'node:crypto';
import type { App } from '../../src/app.js';
import type { Clock } from '../../src/lib/clock.js';

/**
 * `Authorization` header for a member, signed by the app's own signer: tests of features other
 * than login use it instead of going through POST /auth/login each time.
 */
export async function bearer(
  app: App,
  user: { id: number; role: 'UTILISATEUR' | 'REDACTEUR' | 'MODERATEUR' | 'ADMIN' },
  clock: Clock,
): Promise<{ authorization: string }> {
  const token = await app.tokens.sign(
    { sub: user.id, role: user.role, sid: randomUUID() },
    clock.now(),
  );
  return { authorization: `Bearer ${token}` };
}
