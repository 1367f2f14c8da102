import type { Infra } from '../../infra.js';
import { realtimeGroupNotifier, realtimeNotifier } from '../../realtime/socket-server.js';
import type { ApiRoutes } from '../module.js';
import { groupsRepository } from './groups.repository.js';
import { groupsRoutes } from './groups.routes.js';
import { groupsService } from './groups.service.js';
import { messagesRepository } from './messages.repository.js';
import { messagesRoutes } from './messages.routes.js';
import { messagesService } from './messages.service.js';

/**
 * Private messaging; live events to both members' sockets, messageSent for other modules.
 * Group threads (issue 30): membership follows the carpool (carpoolRelationChanged, in its
 * transaction) and the coach trips (tripCreated, tripRegistrationChanged,
 * tripOrganizersChanged, in theirs); removed members (memberRemoved, accountsRemoved) leave
 * their groups.
 */
export function messagesModule({ db, clock, io, events, budgets }: Infra) {
  const groups = groupsService({
    repo: groupsRepository(db),
    clock,
    notifier: realtimeGroupNotifier(io),
    budgets,
  });
  const messages = messagesService({
    repo: messagesRepository(db),
    clock,
    notifier: realtimeNotifier(io),
    events,
    budgets,
    groupUnread: groups.unreadCount,
  });
  events.on('carpoolRelationChanged', (change) => groups.carpoolChanged(change));
  events.on('tripCreated', (trip) => groups.tripCreated(trip));
  events.on('tripRegistrationChanged', (change) => groups.tripRegistrationChanged(change));
  events.on('tripOrganizersChanged', (change) => groups.tripOrganizersChanged(change));
  events.on('memberRemoved', ({ userId }) => groups.memberRemoved(userId));
  events.on('accountsRemoved', () => groups.accountsRemoved());
  const routes: ApiRoutes = async (api) => {
    await api.register(messagesRoutes, { messages });
    await api.register(groupsRoutes, { groups });
  };
  return { messages, groups, routes };
}
