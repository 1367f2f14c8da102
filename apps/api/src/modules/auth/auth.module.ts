import type { Infra } from '../../infra.js';
import { realtimeSessionEndings } from '../../realtime/session-endings.js';
import type { ApiRoutes } from '../module.js';
import { authRepository } from './auth.repository.js';
import { authRoutes } from './auth.routes.js';
import { authService } from './auth.service.js';
import { callerRepository } from './caller.repository.js';

/**
 * Sign-in, sessions and who is calling. `callers` feeds the auth plugin and the sockets'
 * checks, `sessions` the socket handshake: one repository each, shared by those readers.
 */
export function authModule({ db, tokens, clock, io, config, site }: Infra) {
  const sessions = authRepository(db);
  const callers = callerRepository(db);
  const auth = authService({
    repo: sessions,
    tokens,
    clock,
    // Revoked logins lose their open sockets at once.
    endings: realtimeSessionEndings(io),
    throttleRules: config.throttle,
  });
  const routes: ApiRoutes = (api) => api.register(authRoutes, { auth, publicUrl: site.publicUrl });
  return { auth, callers, sessions, routes };
}
