import { beforeAll } from 'vitest';
import { useTestApp } from './app.js';
import { bearer } from './auth.js';
import { createUser } from './factories.js';

/**
 * A test app for the file with one signed-in administrator, made before its tests (after the
 * app) and closed with it: the operators' screens' tests all start from this.
 */
export function useAdminApp() {
  const t = useTestApp();
  const admin = { id: 0, headers: { authorization: '' } };
  beforeAll(async () => {
    const user = await createUser(t.db, { role: 'ADMIN' });
    admin.id = user.id;
    admin.headers = await bearer(t.app, user, t.clock);
  });
  return { t, admin };
}
