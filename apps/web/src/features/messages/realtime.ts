import { useQueryClient } from '@tanstack/react-query';
import { SOCKET_EVENTS } from '@munegu/shared';
import { useAuth } from '../../lib/auth';
import { useSocketEvent, useSocketReconnect } from '../../lib/realtime';
import { messageKeys, setUnreadDot, type Conversation } from './api';
import { groupKeys } from './groups';

/**
 * Live messaging (spec section 4): the socket is shared by the navbar badge (always mounted
 * when signed in) and the open chat. The chat registers the member it shows so that the
 * global handler does not light a dot for a message the chat is about to mark read.
 * The generic socket hooks live in lib/realtime.ts (the bell uses them too).
 */
export { useSocketEvent, useSocketReconnect };

let activeChatUserId: number | null = null;
export function setActiveChat(userId: number | null): void {
  activeChatUserId = userId;
}

let activeGroupId: number | null = null;
/** The group whose thread is open (its live messages are read there, not counted). */
export function setActiveGroup(groupId: number | null): void {
  activeGroupId = groupId;
}

/**
 * Badge and sidebar side of live messages: a message from someone else lights their dot
 * (or brings a new conversation into the list) and refreshes the unread count. After a
 * reconnect everything messaging-related is refetched so nothing missed stays hidden.
 */
export function useMessagesRealtime(me: number | undefined): void {
  const qc = useQueryClient();
  useSocketEvent(me, SOCKET_EVENTS.newMessage, (event) => {
    if (event.senderId === me) return;
    if (event.senderId !== activeChatUserId) {
      if (!setUnreadDot(qc, event.senderId, true)) {
        void qc.invalidateQueries({ queryKey: messageKeys.conversations() });
      }
      void qc.invalidateQueries({ queryKey: messageKeys.unread() });
    }
  });
  // Read in another tab of mine (the server tells every tab of the reader): the dot and the
  // badge go out here too, not only where the conversation was opened.
  useSocketEvent(me, SOCKET_EVENTS.messagesRead, (event) => {
    if (event.readerId !== me) return;
    qc.setQueryData<Conversation[]>(messageKeys.conversations(), (old) =>
      old?.map((c) => (c.id === event.conversationId ? { ...c, hasUnread: false } : c)),
    );
    void qc.invalidateQueries({ queryKey: messageKeys.unread() });
  });
  // A group message (issue 30) counts in the badge unless its thread is open here.
  useSocketEvent(me, SOCKET_EVENTS.groupMessage, (event) => {
    if (event.senderId === me || event.groupId === activeGroupId) return;
    void qc.invalidateQueries({ queryKey: groupKeys.list() });
    void qc.invalidateQueries({ queryKey: messageKeys.unread() });
  });
  // A carpool confirmed, cancelled or excluded (the bell's event) opens or closes a group.
  useSocketEvent(me, SOCKET_EVENTS.notification, () => {
    void qc.invalidateQueries({ queryKey: groupKeys.list() });
  });
  // A block or unblock, or an accepted request, changes what the list of any tab shows.
  useSocketEvent(me, SOCKET_EVENTS.conversationBlocked, () => {
    void qc.invalidateQueries({ queryKey: messageKeys.conversations() });
  });
  useSocketEvent(me, SOCKET_EVENTS.conversationAccepted, () => {
    void qc.invalidateQueries({ queryKey: messageKeys.conversations() });
  });
  // A moderator silenced this member or lifted the silence: read who they are again, so the
  // chats close or reopen their field now instead of refusing the next send.
  const { reloadUser } = useAuth();
  useSocketEvent(me, SOCKET_EVENTS.accountChanged, () => void reloadUser());
  useSocketReconnect(me, () => void qc.invalidateQueries({ queryKey: messageKeys.all }));
}
