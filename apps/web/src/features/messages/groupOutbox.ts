import { useQueryClient } from '@tanstack/react-query';
import type { GroupMessage } from '@munegu/shared';
import { unwrap } from '../../lib/api';
import { call } from '../../lib/call';
import { keptOutbox } from './chatOutbox';
import { addToGroup, groupKeys } from './groups';
import type { Outbox } from './outbox';

// Its own module, apart from groups.ts: the navbar's unread count reads groups.ts on every
// page, and the outbox brings the messaging texts (and zod with them) that only a chat needs.

/**
 * The group's outbox (chatOutbox.ts keeps one per chat): messages go one at a time, so a
 * burst is stored in the order typed; each stored one goes into the thread and the list is
 * refreshed. A 429 here is the groups' budget of minutes, not a burst: the text comes back at
 * once with the server's reason. A lost answer goes again with the message's key, which the
 * server stores once.
 */
export function useGroupOutbox(id: number): Outbox<GroupMessage> {
  const qc = useQueryClient();
  return keptOutbox(qc, `group:${id}`, () => ({
    send: async (content, clientId) =>
      unwrap(
        await call('POST /messages/groupes/:id', { params: { id }, body: { content, clientId } }),
      ),
    delivered: (sent) => {
      addToGroup(qc, id, [sent]);
      void qc.invalidateQueries({ queryKey: groupKeys.list(), exact: true });
    },
    burstRetries: 0,
  }));
}
