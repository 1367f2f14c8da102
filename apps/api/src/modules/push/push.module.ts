import type { Infra } from '../../infra.js';
import { pushQueue } from '../../jobs/push.jobs.js';
import type { ApiRoutes } from '../module.js';
import { pushRepository } from './push.repository.js';
import { pushRoutes } from './push.routes.js';
import { webPushSender } from './push.sender.js';
import { pushService } from './push.service.js';

/**
 * Web push (the installable app): subscriptions and preferences, one queued job per device
 * and notification. Other modules do not know push exists: it subscribes to their events.
 */
export function pushModule(infra: Infra) {
  const { config, log, jobs, events } = infra;
  const sender = config.push.vapid
    ? webPushSender({
        vapid: config.push.vapid,
        ttlSeconds: config.push.ttlSeconds,
        timeoutMs: config.push.timeoutMs,
        delivery: infra.overrides.pushDelivery,
      })
    : null;
  if (config.push.vapidSource === 'generated')
    log.info(
      'Notifications push : clés VAPID générées pour cet environnement (DATA_DIR/secrets/vapid.json).',
    );
  if (!sender)
    log.warn(
      'Notifications push désactivées : VAPID_PUBLIC_KEY et VAPID_PRIVATE_KEY ne sont pas définies (voir le README).',
    );
  if (sender) infra.onClose(async () => sender.close());
  const push = pushService({
    repo: pushRepository(infra.db),
    clock: infra.clock,
    config: config.push,
    budgets: infra.budgets,
    sender,
    queue: jobs
      ? pushQueue(jobs.boss, { ...jobs.options, pushRetryLimit: config.push.retryLimit })
      : null,
    log,
  });
  // Queued after the live event, never holding nor failing the emitter: pushService logs its
  // own failures, so these reactions return at once.
  events.on('messageSent', ({ senderId, receiverId, conversationId }) => {
    void push.newMessage(receiverId, senderId, conversationId);
  });
  events.on('carpoolNotified', ({ userId, event }) => {
    void push.carpool(userId, event);
  });
  // Awaited like the direct call it replaces: the reminder job waits for the queuing.
  events.on('predictionReminded', ({ matchId, match }) => push.predictionReminder(matchId, match));
  const routes: ApiRoutes = (api) => api.register(pushRoutes, { push });
  return { push, routes };
}
