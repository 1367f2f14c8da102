import type { NotificationPusher } from '../carpool/notifications.service.js';
import type { MessagingNotifier } from '../messages/messages.service.js';
import type { PushService } from './push.service.js';

/*
 * Where other modules' events become web push notifications. Each wraps the port the module
 * already declares for live events (socket.io), so those modules do not know push exists;
 * app.ts wires the wrapped ports. Queuing happens after the live event and never throws into
 * the caller (pushService logs its own failures).
 */

/** A stored private message also reaches its recipient's devices. */
export function messagingWithPush<N extends MessagingNotifier>(
  notifier: N,
  push: Pick<PushService, 'newMessage'>,
): N {
  return {
    ...notifier,
    newMessage(userIds, event) {
      notifier.newMessage(userIds, event);
      void push.newMessage(event.receiverId, event.senderId, event.message.conversationId);
    },
  };
}

/** A committed carpool notification (bell row) also reaches the recipient's devices. */
export function carpoolWithPush(
  pusher: NotificationPusher,
  push: Pick<PushService, 'carpool'>,
): NotificationPusher {
  return {
    ...pusher,
    notification(userId, event) {
      pusher.notification(userId, event);
      void push.carpool(userId, event);
    },
  };
}
