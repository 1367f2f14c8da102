import { userRoom } from '@munegu/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionEndings } from '../modules/auth/auth.service.js';
import type { RealtimeServer } from './socket-server.js';

/** The room of one login (session family): its sockets, whatever the tab or device. */
export const sessionRoom = (familyId: string) => `session:${familyId}`;

/**
 * Ends the sockets of logins that were just revoked. `disconnectSockets` on a room goes through
 * the adapter, so a socket held by another instance (Redis or PostgreSQL adapter) is cut too.
 */
export function realtimeSessionEndings(io: RealtimeServer): SessionEndings {
  return {
    loginEnded: (familyId) => io.in(sessionRoom(familyId)).disconnectSockets(true),
    userLoginsEnded: (userId, exceptFamilyId) => {
      const room = io.in(userRoom(userId));
      (exceptFamilyId ? room.except(sessionRoom(exceptFamilyId)) : room).disconnectSockets(true);
    },
  };
}

/**
 * The safety net for changes made outside this API (an operator's SQL or CLI, another tool):
 * every `intervalMs`, each instance checks the logins of its own sockets in one query and cuts
 * those no longer live. Returns the function that stops it.
 */
export function startSessionSweep(
  io: RealtimeServer,
  deps: {
    liveFamilies: (familyIds: string[]) => Promise<Set<string>>;
    intervalMs: number;
    log: FastifyBaseLogger;
  },
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      const sockets = [...io.of('/').sockets.values()];
      if (sockets.length === 0) return;
      const live = await deps.liveFamilies([...new Set(sockets.map((s) => s.data.familyId))]);
      for (const socket of sockets) if (!live.has(socket.data.familyId)) socket.disconnect(true);
    })()
      .catch((err: unknown) => deps.log.warn({ err }, 'vérification des sockets impossible'))
      .finally(() => {
        running = false;
      });
  }, deps.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
