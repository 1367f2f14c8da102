import type { Infra } from '../../infra.js';
import { realtimeNotifier } from '../../realtime/socket-server.js';
import type { ApiRoutes } from '../module.js';
import { messagesRepository } from './messages.repository.js';
import { messagesRoutes } from './messages.routes.js';
import { messagesService } from './messages.service.js';

/** Private messaging; live events to both members' sockets, messageSent for other modules. */
export function messagesModule({ db, clock, io, events, budgets }: Infra) {
  const messages = messagesService({
    repo: messagesRepository(db),
    clock,
    notifier: realtimeNotifier(io),
    events,
    budgets,
  });
  const routes: ApiRoutes = (api) => api.register(messagesRoutes, { messages });
  return { messages, routes };
}
