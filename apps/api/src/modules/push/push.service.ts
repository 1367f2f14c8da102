import { hostAddress } from '../../lib/public-address.js';
import type { AccountBudgets } from '../../plugins/rate-limit/account-budgets.js';
import {
  PUSH_TEXTS as M,
  PUSH_NOTICES,
  type PushKind,
  type PushPayload,
  type PushPreferences,
  type PushSubscriptionInput,
} from '@munegu/shared';
import type { FastifyBaseLogger } from 'fastify';
import { isAllowedPushHost, type PushConfig } from '../../config/push.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { PushRepository } from './push.repository.js';
import type { PushSender } from './push.sender.js';

/** One notification for one subscription: the unit the job queue delivers and retries. */
export interface PushJob {
  subscriptionId: number;
  kind: PushKind;
  payload: PushPayload;
}

/** The job queue (jobs/push.jobs.ts); absent when the app runs without workers. */
export interface PushQueue {
  enqueue(jobs: PushJob[]): Promise<void>;
}

export interface PushServiceDeps {
  repo: PushRepository;
  clock: Clock;
  config: Pick<PushConfig, 'vapid' | 'serviceHosts' | 'maxSubscriptions'>;
  budgets: AccountBudgets;
  /** null when push is off (no VAPID keys). */
  sender: PushSender | null;
  queue: PushQueue | null;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/** What became of one delivery job. */
export type DeliveryOutcome = 'sent' | 'gone' | 'ended' | 'missing' | 'off';

/**
 * Web push: devices subscribe per login, members choose what they receive, and events of other
 * modules (a message, a carpool notification, a prediction reminder) become one queued job per
 * subscription, so a retry never repeats a notification another device already received.
 */
export function pushService(deps: PushServiceDeps) {
  const { repo, clock, config, log } = deps;
  const enabled = () => config.vapid !== null && deps.sender !== null;

  /** Checked on subscribing and again on every delivery (the list may have changed). */
  // A push service is named, never an address: an address in the endpoint would skip the
  // sender's DNS check (Node does no lookup for it), so it is refused here already.
  const hostAllowed = (endpoint: string) => {
    const host = new URL(endpoint).hostname;
    return hostAddress(host) === null && isAllowedPushHost(host, config.serviceHosts);
  };

  /** Queues `payload` for the subscriptions wanting `kind`; never fails the caller's action. */
  async function queueFor(
    find: () => Promise<{ live: { id: number }[]; ended: { id: number }[] }>,
    kind: PushKind,
    payload: PushPayload,
  ): Promise<number> {
    if (!enabled() || !deps.queue) return 0;
    try {
      const { live, ended } = await find();
      // Subscriptions of ended logins are dropped here rather than kept forever.
      await repo.removeMany(ended.map((s) => s.id));
      await deps.queue.enqueue(live.map((s) => ({ subscriptionId: s.id, kind, payload })));
      return live.length;
    } catch (err) {
      log.error({ err, kind }, 'push: mise en file impossible');
      return 0;
    }
  }

  return {
    publicKey(): { publicKey: string | null } {
      return { publicKey: enabled() ? config.vapid!.publicKey : null };
    },

    async subscribe(
      caller: { id: number; sessionId: string },
      input: PushSubscriptionInput,
    ): Promise<void> {
      if (!enabled()) throw new AppError('CONFLICT', M.disabled);
      if (!hostAllowed(input.endpoint)) throw new AppError('VALIDATION', M.hostNotAllowed);
      // Each registration reaches a push service and later carries notifications: per account.
      await deps.budgets.take('pushSubscription', String(caller.id));
      await repo.save(
        {
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          userId: caller.id,
          familyId: caller.sessionId,
        },
        config.maxSubscriptions,
      );
    },

    /**
     * Ends the caller's own subscription of this device. Another member's subscription of the
     * endpoint answers the same 404 as an unknown one, so the answer never tells whether an
     * endpoint is registered.
     */
    async unsubscribe(callerId: number, endpoint: string): Promise<void> {
      if (!(await repo.remove(endpoint, callerId)))
        throw new AppError('NOT_FOUND', M.subscriptionNotFound);
    },

    preferences: (userId: number) => repo.preferences(userId),
    setPreferences: (userId: number, prefs: PushPreferences) => repo.setPreferences(userId, prefs),

    /** A private message was stored: its recipient's devices hear of it. */
    async newMessage(receiverId: number, senderId: number, conversationId: number) {
      if (!enabled()) return 0;
      let pseudo: string | null;
      try {
        pseudo = await repo.pseudoOf(senderId);
      } catch (err) {
        log.error({ err }, 'push: expéditeur introuvable');
        return 0;
      }
      if (!pseudo) return 0;
      return queueFor(
        () => repo.targets([receiverId], 'messages', clock.now()),
        'messages',
        PUSH_NOTICES.message(pseudo, conversationId),
      );
    },

    /** A carpool or coach-trip notification (bell row) was committed for `recipientId`. */
    async carpool(
      recipientId: number,
      event: { id: number; type: string; matchId: number | null },
    ) {
      if (!enabled()) return 0;
      let payload: PushPayload;
      if (event.type === 'HORAIRE' && event.matchId !== null) {
        payload = PUSH_NOTICES.kickoffMoved(event.matchId);
      } else if (event.type === 'DEPLACEMENT') {
        // A coach trip's news (issue 30): the bell's sentence, read from the row.
        try {
          const notice = await repo.tripNotice(event.id);
          if (!notice) return 0;
          payload = PUSH_NOTICES.trip(event.id, notice);
        } catch (err) {
          log.error({ err }, 'push: notification de déplacement introuvable');
          return 0;
        }
      } else {
        // The live event carries only the row's id: who and what come from the row itself,
        // so the phone shows the same line as the bell.
        try {
          const notice = await repo.carpoolNotice(event.id);
          payload = PUSH_NOTICES.carpool(event.id, notice ?? { sender: null, status: null });
        } catch (err) {
          log.error({ err }, 'push: notification de covoiturage introuvable');
          return 0;
        }
      }
      return queueFor(
        () => repo.targets([recipientId], 'carpool', clock.now()),
        'carpool',
        payload,
      );
    },

    /** A match's prediction reminder went out (once per match): the same, as a notification. */
    predictionReminder(matchId: number, match: { home: string; away: string; kickoff: string }) {
      return queueFor(
        () => repo.reminderTargets(matchId, clock.now()),
        'predictions',
        PUSH_NOTICES.predictionReminder(matchId, match),
      );
    },

    /**
     * Delivers one job. Throws when the push service failed in a way worth retrying (the queue
     * retries with backoff); a 404/410 deletes the subscription.
     */
    async deliver(job: PushJob): Promise<DeliveryOutcome> {
      if (!enabled()) return 'off';
      const found = await repo.deliverable(job.subscriptionId, clock.now());
      if (!found) return 'missing';
      if (!found.live || !hostAllowed(found.subscription.endpoint)) {
        await repo.removeById(found.subscription.id);
        return 'ended';
      }
      const outcome = await deps.sender!.send(found.subscription, job.payload);
      if (outcome === 'gone') await repo.removeById(found.subscription.id);
      return outcome;
    },
  };
}

export type PushService = ReturnType<typeof pushService>;
