import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { Infra } from '../infra.js';
import type { AuthRepository } from '../modules/auth/auth.repository.js';
import type { CallerRepository } from '../modules/auth/caller.repository.js';
import type { MessagesService } from '../modules/messages/messages.service.js';
import { silenceOf } from '../plugins/auth.js';
import { installAdapter, type AdapterKind } from './adapter.js';
import { startSessionSweep } from './session-endings.js';
import { socketAuthenticator } from './socket-auth.js';
import { registerRealtimeHandlers } from './socket-server.js';

/**
 * The socket side of the app, once the modules exist: handshake auth and the members' events,
 * the periodic sweep of ended logins, the adapter between instances, and the shutdown order.
 */
export async function installRealtime(
  app: FastifyInstance,
  infra: Infra,
  deps: {
    callers: CallerRepository;
    sessions: AuthRepository;
    messages: MessagesService;
    adapter: AdapterKind;
    databaseUrl: string;
  },
): Promise<void> {
  const { io, config, clock, tokens, log } = infra;
  const { callers } = deps;
  app.decorate('io', io);
  registerRealtimeHandlers(io, {
    authenticate: socketAuthenticator({ callers, sessions: deps.sessions, tokens, clock }),
    // The auth routes' cookie plugin is scoped to them: sockets parse the header themselves.
    parseCookie: (header) => cookie.parse(header),
    messages: deps.messages,
    callerOf: async (userId, familyId) => {
      const row = await callers.resolve(userId, familyId, clock.now());
      return row && { silence: silenceOf(row) };
    },
    log,
    eventLimit: {
      max: config.socketEventsPer10s,
      windowMs: 10_000,
      maxViolations: config.socketMaxViolations,
    },
    messageLimit: {
      max: config.socketMessagesPer10s,
      windowMs: 10_000,
      maxViolations: config.socketMaxViolations,
    },
  });
  const stopSweep = startSessionSweep(io, {
    liveFamilies: (ids) => callers.liveFamilies(ids, clock.now()),
    intervalMs: config.socketRevalidateMs,
    log,
  });
  const closeAdapter = await installAdapter(io, {
    kind: deps.adapter,
    databaseUrl: deps.databaseUrl,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    redisConnectTimeoutMs: config.redisConnectTimeoutMs,
  });
  // Sockets first (an open websocket would keep the HTTP server from closing), then the
  // adapter's connections.
  app.addHook('preClose', async () => {
    stopSweep();
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', closeAdapter);
}
