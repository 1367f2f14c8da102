import { randomUUID } from 'node:crypto';
import type { App } from '../../src/app.js';
import type { Clock } from '../../src/lib/clock.js';
import { hashToken, randomToken } from '../../src/lib/tokens.js';

/**
 * `Authorization` header for a member, signed by the app's own signer: tests of features other
 * than login use it instead of going through POST /auth/login each time. A live login (session
 * row) is created for it, since the API refuses tokens naming no known login.
 */
export async function bearer(
  app: App,
  user: { id: number; role: 'UTILISATEUR' | 'REDACTEUR' | 'MODERATEUR' | 'ADMIN' },
  clock: Clock,
): Promise<{ authorization: string }> {
  const { token } = await bearerSession(app, user, clock);
  return { authorization: `Bearer ${token}` };
}

/** Like `bearer`, also returning the login's id (session family) for tests that end it. */
export async function bearerSession(
  app: App,
  user: { id: number; role: 'UTILISATEUR' | 'REDACTEUR' | 'MODERATEUR' | 'ADMIN' },
  clock: Clock,
): Promise<{ token: string; familyId: string }> {
  const familyId = randomUUID();
  await app.db.session.create({
    data: {
      familyId,
      userId: user.id,
      tokenHash: hashToken(randomToken()),
      expiresAt: new Date(clock.now().getTime() + 30 * 86_400_000),
    },
  });
  const token = await app.tokens.sign(
    { sub: user.id, role: user.role, sid: familyId },
    clock.now(),
  );
  return { token, familyId };
}
