import type { NotificationEvent } from '@munegu/shared';
import type { Tx } from '../db/tx.js';
import type { MemberRemovalCause } from '../modules/account/member-removal.js';
import type { ReminderInfo } from '../modules/predictions/reminder.service.js';

/*
 * Every reaction of one module to what happened in another, in one list. The emitting module
 * does not know who listens, so it never imports the listener (and a module built later can
 * still react): the composition root builds one bus, each module factory subscribes its own
 * reactions. Things a service needs in order to do its own work (the scoring inside a score's
 * transaction, the mail outbox, another module's read) stay plain dependencies, not events.
 */
export interface DomainEventMap {
  /**
   * A moved kickoff is announced: admin-matches' kickoff-announcer emits it once the kickoff
   * has stood still KICKOFF_ANNOUNCE_DELAY_MINUTES after an operator's last move and differs
   * from what the travellers last heard (or at once, after the move's commit, with 0).
   * Listeners: carpool tells the match's carpool members (bell row, mail, live event); trips
   * tells the registrants and organisers of the match's coaches, with whether the coach's
   * times still fit. Awaited; a failure fails the scheduled run (or the operator's request),
   * the kickoff stays moved and that announcement is not made again.
   */
  kickoffMoved: { matchId: number; kickoff: Date };
  /**
   * A member left the community: suspended, banned (account) or their account deleted
   * (privacy), after that change committed. Listeners: trips withdraws a deleted account from
   * the coaches not gone yet (the waiting lists move up); carpool withdraws the member from
   * their upcoming carpools and tells the others; messages takes them out of their groups.
   * Awaited; the emitter logs a failure and keeps the sanction or the deletion
   * (account/member-removal.ts).
   */
  memberRemoved: { userId: number; cause: MemberRemovalCause };
  /**
   * Accounts were anonymised (a confirmed deletion, or the inactivity purge once per run).
   * Listener: predictions re-ranks the season without them. Awaited; a failure is the caller's.
   */
  accountsRemoved: { count: number };
  /**
   * A carpool bell notification committed (a relation proposed, confirmed, refused,
   * cancelled, excluded, or a moved kickoff), or a coach trip's (type DEPLACEMENT, from
   * trips/notify: a seat freed, a cancellation, the reminder, an announcement), and was pushed
   * to the member's sockets. Listener: push queues it for the member's devices (the trip's
   * under the 'carpool' preference), without holding the request.
   */
  carpoolNotified: { userId: number; event: NotificationEvent };
  /**
   * A carpool relation changed status (confirmed, refused, cancelled, excluded, withdrawn),
   * emitted INSIDE the transaction that changed it, with that transaction: a listener writes
   * through `tx`, so what it keeps in step commits or rolls back with the status itself.
   * Listener: messages keeps the car's group thread (driver + confirmed passengers) in step.
   * Awaited; a failure rolls the change back.
   */
  carpoolRelationChanged: {
    tx: Tx;
    matchId: number;
    driverId: number;
    passengerId: number;
    from: number;
    to: number;
  };
  /**
   * A coach-trip registration changed (issue 30), emitted INSIDE the transaction that changed
   * it, with that transaction, once per registration (a cancelled trip emits one per
   * registrant). `from`/`to`: the registration's status before and after, null for none.
   * Listeners: carpool withdraws a new registrant's unanswered proposals and requests for the
   * match, sets the member's presence to 'bus — {antenna}' when it becomes CONFIRME and withdraws that presence when a CONFIRME goes away (unless `cause` is
   * 'presence': the presence is already gone); messages adds/removes the member in the trip's
   * group thread; trips' notifications tell a promoted member (cause 'promotion') and every
   * registrant of a cancelled trip (cause 'annulation'). Awaited; a failure rolls it back.
   */
  tripRegistrationChanged: {
    tx: Tx;
    tripId: number;
    matchId: number;
    antennaId: number;
    userId: number;
    from: 'CONFIRME' | 'ATTENTE' | null;
    to: 'CONFIRME' | 'ATTENTE' | null;
    cause: 'inscription' | 'promotion' | 'desistement' | 'presence' | 'annulation';
  };
  /**
   * Organisers changed a trip's departure time or place, or its return (trips, inside the
   * update's transaction). Listener: trips' notifications tell every registrant but `by` the
   * new times (bell, live, push, mail per their settings). Awaited; a failure rolls it back.
   */
  tripScheduleChanged: { tx: Tx; tripId: number; by: number };
  /**
   * A trip was created (in its transaction). Listener: messages opens the trip's group thread
   * with the antenna's organisers.
   */
  tripCreated: { tx: Tx; tripId: number; matchId: number; antennaId: number };
  /**
   * An ADMIN replaced an antenna's organisers (in that transaction). Listener: messages puts
   * the new organisers in, and the removed ones out of, the threads of the antenna's trips to
   * come.
   */
  tripOrganizersChanged: { tx: Tx; antennaId: number; added: number[]; removed: number[] };
  /**
   * A member withdrew their presence for a match (carpool, inside that transaction).
   * Listener: trips withdraws their registration on that match's coach (cause 'presence') and
   * promotes the waiting list. Awaited; a failure rolls the withdrawal back.
   */
  presenceWithdrawn: { tx: Tx; userId: number; matchId: number };
  /**
   * A private message was stored and sent to the sockets of both members.
   * Listener: push queues it for the recipient's devices, without holding the sender.
   */
  messageSent: { senderId: number; receiverId: number; conversationId: number };
  /**
   * The prediction reminder of a match was claimed and its mails queued (predictions job).
   * Listener: push queues the reminder for the members' devices. Awaited, as before.
   */
  predictionReminded: { matchId: number; match: ReminderInfo };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainEventHandler<K extends DomainEventName> = (payload: DomainEventMap[K]) => unknown;

export interface DomainEvents {
  /** Adds a reaction; module factories call this once, while the app is composed. */
  on<K extends DomainEventName>(name: K, handler: DomainEventHandler<K>): void;
  /**
   * Runs the reactions one after another in subscription order and waits for each, so an
   * emitter that awaits `emit` sees the same order and errors as a direct call (the first
   * failure stops the rest and is thrown to the emitter). A reaction that must not hold the
   * emitter returns at once and lets its own work run (push does).
   */
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void>;
}

/** What a service that only announces needs. */
export type EventEmitter = Pick<DomainEvents, 'emit'>;

export function domainEvents(): DomainEvents {
  // Keyed by name; on() pairs each handler with its own event's payload type.
  const handlers = new Map<DomainEventName, DomainEventHandler<never>[]>();
  return {
    on(name, handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as DomainEventHandler<never>]);
    },
    async emit(name, payload) {
      for (const handler of handlers.get(name) ?? [])
        await (handler as DomainEventHandler<typeof name>)(payload);
    },
  };
}
